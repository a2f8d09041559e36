import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaCollection } from '@/components/media/collection/media-collection';
import { PhotoTile } from '@/components/media/kinds/photo/photo-tile';
import { PhotoViewerDialog } from '@/components/media/kinds/photo/photo-viewer-dialog';
import type { PhotoRecord } from '@/lib/api/photos';

afterEach(cleanup);

const photo = (id: number, title: string): PhotoRecord => ({
  id,
  title,
  description: '',
  file: `http://localhost/media/u/1/photo/${id}.jpg?exp=1&sig=x`,
  thumbnail: `http://localhost/media/u/1/photo/${id}-thumb.webp?exp=1&sig=x`,
  preview: `http://localhost/media/u/1/photo/${id}-preview.webp?exp=1&sig=x`,
  width: 640,
  height: 480,
  taken_at: null,
  created_at: '2024-06-01T10:00:00Z',
  download_url: `/api/media/photo/${id}/download/`,
  mime_type: 'image/jpeg',
  size: 1000,
  sha256: null,
  is_favorite: false,
  status: 'ready',
  failure_reason: null,
});

const photos = [photo(1, 'Море'), photo(2, ''), photo(3, 'Горы')];

function Harness({ start = 0 }: { start?: number }) {
  const [id, setId] = useState(photos[start]!.id);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <PhotoViewerDialog items={photos} id={id} onMove={setId} onClose={() => undefined} />
    </QueryClientProvider>
  );
}

const counter = () => screen.getByTestId('viewer-counter').textContent;
const shown = () => screen.getByTestId('photo-viewer-image');

describe('photo viewer', () => {
  it('moves with the buttons and the arrow keys, going round, and shows N из M', () => {
    render(<Harness />);
    expect(counter()).toBe('1 из 3');
    expect(shown().getAttribute('alt')).toBe('Море');
    expect(shown().getAttribute('src')).toContain('/1-preview.webp');

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('2 из 3');
    expect(shown().getAttribute('alt')).toBe('Фотография'); // untitled

    fireEvent.click(screen.getByRole('button', { name: 'Следующая фотография' }));
    expect(counter()).toBe('3 из 3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('1 из 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(counter()).toBe('3 из 3');
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущая фотография' }));
    expect(counter()).toBe('2 из 3');
  });

  it('«Сведения» shows the chosen photo’s own title, description and facts, following ← and →', () => {
    render(<Harness start={2} />);
    expect(screen.queryByRole('complementary', { name: 'Сведения' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Сведения' }));
    const info = screen.getByRole('complementary', { name: 'Сведения' });
    expect(info.querySelector('h2')?.textContent).toBe('Горы');
    expect(info.textContent).toContain('Нет описания');
    expect(info.textContent).toContain('640\u00a0×\u00a0480');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByRole('complementary', { name: 'Сведения' }).querySelector('h2')?.textContent).toBe('Фотография');
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть сведения' }));
    expect(screen.queryByRole('complementary', { name: 'Сведения' })).toBeNull();
  });

  it('arrow keys typed into the edit form move the caret, not the photo', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Сведения' }));
    fireEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    const title = screen.getByLabelText<HTMLInputElement>('Название');
    expect(title.value).toBe('Море');
    fireEvent.keyDown(title, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('1 из 3');
  });
});

function Grid({ items, onOpen = () => undefined }: { items: PhotoRecord[]; onOpen?: (p: PhotoRecord) => void }) {
  const none = () => undefined;
  return (
    <MediaCollection
      layout="tiles"
      label="Фотографии"
      items={items}
      renderItem={(p, i) => <PhotoTile record={p} index={i} onOpen={onOpen} onEdit={none} onDelete={none} highlighted={false} />}
    />
  );
}

describe('photo grid', () => {
  it('renders square lazy thumbnails with the title or "Фотография" as alt text, and opens the one clicked', () => {
    const opened: number[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Grid items={photos} onOpen={(p) => opened.push(p.id)} />
      </QueryClientProvider>,
    );
    const images = screen.getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Море', 'Фотография', 'Горы']);
    expect(images.every((i) => i.getAttribute('loading') === 'lazy')).toBe(true);
    expect(images[0]!.getAttribute('src')).toContain('/1-thumb.webp');
    fireEvent.click(screen.getAllByTestId('photo-tile')[2]!);
    expect(opened).toEqual([3]);
  });

  it('shows "обрабатывается" until a photo’s copies exist, and a failed one’s reason with «Повторить»', () => {
    const pending = { ...photo(4, 'Новая'), status: 'processing' as const, file: null, thumbnail: null, preview: null };
    const failed = { ...photo(5, 'Битая'), status: 'failed' as const, failure_reason: 'Не удалось обработать изображение' };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Grid items={[pending, failed, photo(1, 'Море')]} />
      </QueryClientProvider>,
    );
    const [first, second, third] = screen.getAllByTestId('photo-tile');
    expect(first!.getAttribute('data-status')).toBe('processing');
    expect(screen.getByTestId('photo-processing').textContent).toContain('обрабатывается');
    expect(second!.textContent).toContain('Не удалось обработать изображение');
    expect(screen.getAllByRole('button', { name: 'Повторить: Битая' })).toHaveLength(1);
    expect(third!.getAttribute('data-status')).toBe('ready');
  });

  it('shows when a photo was taken as the camera’s clock said, in any zone the browser is in', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Novosibirsk';
    try {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Novosibirsk');
      const taken = [
        { ...photo(7, 'Москва'), taken_at: '2024-06-01T14:00:00+03:00' },
        { ...photo(8, 'Без пояса'), taken_at: '2024-06-01T14:00:00' },
      ];
      const show = (index: number) =>
        render(
          <QueryClientProvider client={new QueryClient()}>
            <PhotoViewerDialog items={taken} id={taken[index]!.id} onMove={() => undefined} onClose={() => undefined} />
          </QueryClientProvider>,
        );
      for (const index of [0, 1]) {
        show(index);
        fireEvent.click(screen.getByRole('button', { name: 'Сведения' }));
        expect(screen.getByText('Снято').nextElementSibling?.textContent).toBe('1 июня 2024 г. в 14:00');
        cleanup();
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
