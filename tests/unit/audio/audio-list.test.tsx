import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioItem } from '@/components/audio/audio-item';
import { MediaCollection } from '@/components/media/media-collection';
import type { AudioRecord } from '@/lib/api/audio';

const records: AudioRecord[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i + 1,
  title: `Запись ${i + 1}`,
  description: '',
  audio_file: `http://localhost/media/u/1/audio/${i + 1}.mp3?exp=1&sig=x`,
  waveform_data: [0.1, 0.5, 0.9],
  duration: 10 + i,
  created_at: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
  download_url: `/api/media/audio/${i + 1}/download/`,
  original_file: null,
  mime_type: 'audio/webm',
  size: 1000,
  sha256: null,
  is_favorite: false,
  status: 'ready',
  failure_reason: null,
}));

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined); // jsdom has no scrolling
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('audio list with 2,000 recordings', () => {
  // Rendering dozens of rows with their players takes seconds on a loaded machine.
  it('mounts only the rows near the viewport', { timeout: 30_000 }, () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MediaCollection
          layout="rows"
          label="Аудиозаписи"
          items={records}
          renderItem={(r, i) => (
            <AudioItem
              record={r}
              index={i}
              onOpen={() => undefined}
              onEdit={() => undefined}
              onDelete={() => undefined}
              highlighted={false}
            />
          )}
        />
      </QueryClientProvider>,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    // jsdom measures every row as 0 px high (only the 12 px gaps count), so a 768 px window holds
    // ~64 rows; in a browser it is ~8. Either way a small window onto 2,000 records.
    expect(rows.length).toBeLessThan(100);
    expect(screen.getByRole('article', { name: 'Запись 1' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Запись 2000' })).toBeNull();
    // Each row offers the item actions.
    expect(screen.getAllByRole('button', { name: 'Изменить' }).length).toBe(rows.length);
    expect(screen.getAllByRole('link', { name: 'Скачать' })[0]!.getAttribute('href')).toBe('/api/media/audio/1/download/');
    // jsdom mounts ~64 full rows (each with its player controls): seconds on a busy two-core machine.
  });
});
