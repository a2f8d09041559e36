import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaCollection } from '@/components/media/collection/media-collection';
import { VideoCard } from '@/components/media/kinds/video/video-card';
import { MEDIA_KINDS, uploadedMessage } from '@/lib/media/kinds';
import { isProcessing, PROCESSING_POLL_MS } from '@/lib/media/lists/processing';
import { noItemActions, videoRecord } from '../../../../support/media-records';

afterEach(cleanup);

describe('video cards', () => {
  it('show the poster with the duration badge, "обрабатывается" while processing, and the failure with «Повторить»', () => {
    const onOpen = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MediaCollection
          layout="tiles"
          label="Видео"
          renderItem={(v) => <VideoCard record={v} index={0} {...noItemActions} onOpen={onOpen} />}
          items={[
            videoRecord(1, {
              poster: 'http://localhost/media/p1.jpg',
              playable: 'http://localhost/media/1.mp4',
              duration: 3.2,
              // Filmed a year before it was uploaded (created_at 2024-06-01).
              taken_at: '2023-05-06T07:08:09+03:00',
            }),
            videoRecord(2, { status: 'processing' }),
            videoRecord(3, { status: 'failed' }),
            videoRecord(4, { status: 'failed', failure_reason: 'В файле нет видеодорожки' }),
          ]}
        />
      </QueryClientProvider>,
    );
    const ready = screen.getByRole('article', { name: 'Видео 1' });
    // The length as the player's clock shows it, and the day it was filmed, not the upload's.
    expect(within(ready).getByTestId('video-duration').textContent).toBe('0:03');
    expect(within(ready).getByTestId('video-date').textContent).toBe('6 мая 2023 г.');
    expect(within(screen.getByRole('article', { name: 'Видео 2' })).getByTestId('video-date').textContent).toBe('1 июня 2024 г.');
    expect(within(ready).getByTestId('video-duration').getAttribute('aria-label')).toBe('Длительность 3 с');
    expect(within(ready).getByTestId('video-poster').getAttribute('src')).toBe('http://localhost/media/p1.jpg');

    const processing = screen.getByRole('article', { name: 'Видео 2' });
    expect(within(processing).getByText('обрабатывается')).toBeTruthy();
    expect(within(processing).queryByTestId('video-duration')).toBeNull();

    const failed = screen.getByRole('article', { name: 'Видео 3' });
    expect(within(failed).getByText('Не удалось обработать видео')).toBeTruthy();
    // Each item's buttons say which item they act on (issue 27).
    expect(within(failed).getByRole('button', { name: 'Повторить: Видео 3' })).toBeTruthy();
    expect(within(ready).getByRole('button', { name: 'В избранное: Видео 1' })).toBeTruthy();
    // The server's reason when it gives one; «Повторить» only on failed cards.
    expect(within(screen.getByRole('article', { name: 'Видео 4' })).getByText('В файле нет видеодорожки')).toBeTruthy();
    expect(within(ready).queryByRole('button', { name: /^Повторить/ })).toBeNull();
    expect(within(processing).queryByRole('button', { name: /^Повторить/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Открыть видео: Видео 2' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('the list polls every 2 s only while something is processing', () => {
    expect(PROCESSING_POLL_MS).toBe(2000);
    expect(isProcessing([videoRecord(1), videoRecord(2, { status: 'processing' })])).toBe(true);
    expect(isProcessing([videoRecord(1), videoRecord(3, { status: 'failed' })])).toBe(false);
    expect(isProcessing(undefined)).toBe(false);
  });

  it('words the upload snackbar and the refusal of a non-video drop', () => {
    expect(uploadedMessage('video', 1)).toBe('Видео загружено');
    expect(uploadedMessage('video', 2)).toBe('Загружено: 2\u00a0видео');
    expect(uploadedMessage('video', 0)).toBeNull();
    expect(MEDIA_KINDS.video.text.notOfKind('a.txt')).toBe('Файл «a.txt» не является видеозаписью');
  });
});
