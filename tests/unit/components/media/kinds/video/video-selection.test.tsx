import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaCollection } from '@/components/media/collection/media-collection';
import { VideoCard } from '@/components/media/kinds/video/video-card';
import { useSelection } from '@/components/media/selection/use-selection';
import type { VideoRecord } from '@/lib/api/video';
import { noItemActions, videoRecord } from '../../../../support/media-records';

afterEach(cleanup);

/** A ready video with its MP4 made. */
const video = (id: number) =>
  videoRecord(id, { file: null, playable: `http://localhost/media/${id}.mp4`, duration: 2, mime_type: 'video/mp4' });

// Newest first, as the screen shows them.
const VIDEOS = [5, 4, 3, 2, 1].map(video);
const ORDER = VIDEOS.map((v) => v.id);

/** The video screen's selection without its data: the cards, the shared selection hook and its count. */
function Grid({ onOpen, onLeave }: { onOpen: (v: VideoRecord) => void; onLeave: (id: number | null) => void }) {
  const selection = useSelection(ORDER, onLeave);
  return (
    <>
      <p data-testid="count">{selection.selecting ? `Выбрано: ${selection.count}` : 'нет'}</p>
      <MediaCollection
        layout="tiles"
        label="Видео"
        items={VIDEOS}
        renderItem={(v, index) => (
          <VideoCard
            record={v}
            index={index}
            {...noItemActions}
            onOpen={onOpen}
            onSelect={selection.select}
            selected={selection.selected.has(v.id)}
            selecting={selection.selecting}
          />
        )}
      />
    </>
  );
}

const checked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((c) => c.getAttribute('aria-checked') === 'true')
    .map((c) => c.getAttribute('aria-label'));

describe('selecting videos (the one selection of every kind)', () => {
  it('a check selects, a Shift-click on a poster adds the range in the order shown, Esc leaves', () => {
    const onOpen = vi.fn();
    const onLeave = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Grid onOpen={onOpen} onLeave={onLeave} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('count').textContent).toBe('нет');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать: Видео 4' }));
    expect(screen.getByTestId('count').textContent).toBe('Выбрано: 1');
    fireEvent.click(screen.getByRole('button', { name: 'Открыть видео: Видео 2' }), { shiftKey: true });
    expect(checked()).toEqual(['Выбрать: Видео 4', 'Выбрать: Видео 3', 'Выбрать: Видео 2']);
    // While selecting, a click on a poster toggles it and opens nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Открыть видео: Видео 3' }));
    expect(checked()).toEqual(['Выбрать: Видео 4', 'Выбрать: Видео 2']);
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Видео 2' }).dataset.selected).toBe('true');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByTestId('count').textContent).toBe('нет');
    expect(checked()).toEqual([]);
    expect(onLeave).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Открыть видео: Видео 3' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('Esc inside a dialog or a menu is theirs: the selection stays', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Grid onOpen={vi.fn()} onLeave={vi.fn()} />
        <div role="dialog">
          <button type="button">Отмена</button>
        </div>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать: Видео 1' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Отмена' }), { key: 'Escape' });
    expect(screen.getByTestId('count').textContent).toBe('Выбрано: 1');
  });
});
