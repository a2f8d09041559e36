import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUploadQueue } from '@/components/media/uploads/use-upload-queue';

afterEach(cleanup);

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('useUploadQueue', () => {
  it('sends at most `concurrency` files at once, reports each one, and sums up the batch', async () => {
    let running = 0;
    let peak = 0;
    const uploaded: string[] = [];
    const onBatchDone = vi.fn();
    const { result } = renderHook(() =>
      useUploadQueue<{ name: string }>({
        concurrency: 2,
        upload: async (f, onProgress) => {
          running += 1;
          peak = Math.max(peak, running);
          onProgress(0.5);
          await new Promise((r) => setTimeout(r, 10));
          running -= 1;
          if (f.name === 'bad.png') throw new Error('refused');
          return { name: f.name };
        },
        describeError: (_e, f) => `Не удалось загрузить файл «${f.name}»`,
        onUploaded: (r) => uploaded.push(r.name),
        onBatchDone,
        clearDoneAfterMs: 60_000,
      }),
    );

    act(() => result.current.add([file('a.png'), file('bad.png'), file('c.png'), file('d.png')]));
    expect(result.current.items).toHaveLength(4);
    expect(result.current.uploading).toBe(true);

    await waitFor(() => expect(onBatchDone).toHaveBeenCalledWith({ succeeded: 3, failed: 1 }), { timeout: 10_000 });
    expect(peak).toBe(2);
    expect(uploaded.sort()).toEqual(['a.png', 'c.png', 'd.png']);
    // The batch reports as soon as its last upload settles; the rows show it with the next render.
    await waitFor(() =>
      expect(result.current.items.map((i) => [i.name, i.status])).toEqual([
        ['a.png', 'done'],
        ['bad.png', 'failed'],
        ['c.png', 'done'],
        ['d.png', 'done'],
      ]),
    );
    expect(result.current.items[1]!.error).toBe('Не удалось загрузить файл «bad.png»');
    expect(result.current.uploading).toBe(false);

    act(() => result.current.dismiss(result.current.items[1]!.id));
    expect(result.current.items.map((i) => i.name)).toEqual(['a.png', 'c.png', 'd.png']);
  });

  it('a file refused before sending shows as a failed row', () => {
    const { result } = renderHook(() => useUploadQueue({ upload: async () => null, describeError: () => '' }));
    act(() => result.current.reject(file('notes.txt'), 'Файл «notes.txt» не является изображением'));
    expect(result.current.items).toEqual([
      expect.objectContaining({ name: 'notes.txt', status: 'failed', error: 'Файл «notes.txt» не является изображением' }),
    ]);
  });
});
