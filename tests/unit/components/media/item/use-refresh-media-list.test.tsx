import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Only the list request is counted and faked; the queries, the refresh and the polling are real. */
const server = vi.hoisted((): { lists: number; status: string } => ({ lists: 0, status: 'ready' }));
vi.mock('@/lib/api/media-list', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/media-list')>();
  const listMedia = () => {
    server.lists++;
    return Promise.resolve([{ id: 1, title: 'Запись', description: '', status: server.status, waveform_data: [] }]);
  };
  return {
    ...real,
    mediaQueries: (kind: Parameters<typeof real.mediaQueries>[0]) => {
      const queries = real.mediaQueries(kind);
      return { ...queries, list: () => ({ ...queries.list(), queryFn: listMedia }) };
    },
  };
});

import { useMediaList } from '@/components/media/screen/use-media-list';
import { useRefreshMediaList } from '@/components/media/item/use-media-mutations';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function renderAudioList() {
  return renderHook(() => ({ list: useMediaList('audio'), refresh: useRefreshMediaList('audio') }), { wrapper });
}

function renderPhotoList() {
  return renderHook(() => ({ list: useMediaList('photo'), refresh: useRefreshMediaList('photo') }), { wrapper });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  cleanup();
  server.lists = 0;
});

describe('the audio list after a save', () => {
  it('is read at once and again after 1 s, then no more when nothing is processing', async () => {
    server.status = 'ready';
    const { result } = renderAudioList();
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(server.lists).toBe(1);
    result.current.refresh();
    await waitFor(() => expect(server.lists).toBe(2));
    await waitFor(() => expect(server.lists).toBe(3), { timeout: 2_500 });
    await wait(2_500);
    expect(server.lists).toBe(3);
  });

  it('keeps re-reading while a record is processing', async () => {
    server.status = 'processing';
    const { result } = renderAudioList();
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    result.current.refresh();
    await waitFor(() => expect(server.lists).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
  });
});

describe('the photo gallery after an upload', () => {
  it('is read once, not again a second later, when nothing is processing', async () => {
    server.status = 'ready';
    const { result } = renderPhotoList();
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(server.lists).toBe(1);
    result.current.refresh();
    await waitFor(() => expect(server.lists).toBe(2));
    await wait(1_500);
    expect(server.lists).toBe(2);
  });
});
