import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioItem } from '@/components/media/kinds/audio/audio-item';
import { MediaCollection } from '@/components/media/collection/media-collection';
import { audioRecord, noItemActions } from '../../../../support/media-records';

const records = Array.from({ length: 2000 }, (_, i) =>
  audioRecord(i + 1, {
    audio_file: `http://localhost/media/u/1/audio/${i + 1}.mp3?exp=1&sig=x`,
    waveform_data: [0.1, 0.5, 0.9],
    duration: 10 + i,
    created_at: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
  }),
);

const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined); // jsdom has no scrolling
  // jsdom lays nothing out: every row would measure 0 px and the whole list would fit the window. A row is
  // given a recorder row's height, as a browser measures it.
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'listitem' ? 56 : 0;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
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
          renderItem={(r, i) => <AudioItem record={r} index={i} {...noItemActions} />}
        />
      </QueryClientProvider>,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    // A 768 px window holds ~14 rows of 56 px, plus a few beyond: a small window onto 2,000 records.
    expect(rows.length).toBeLessThan(30);
    expect(screen.getByRole('article', { name: 'Запись 1' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Запись 2000' })).toBeNull();
    // Each row offers its actions in a «⋯» menu named after it, and opens in place (closed at first: no players).
    expect(screen.getAllByRole('button', { name: /^Действия: Запись \d+$/ }).length).toBe(rows.length);
    expect(screen.getByRole('button', { name: 'Запись 1', expanded: false })).toBeTruthy();
    expect(screen.queryAllByRole('group', { name: /^Плеер:/ })).toHaveLength(0);
  });
});
