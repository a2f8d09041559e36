import { beforeEach, describe, expect, it, vi } from 'vitest';

const created: { start: ReturnType<typeof vi.fn>; abort: ReturnType<typeof vi.fn> }[] = [];
/** A tus upload whose creation the server refuses as the storage's (503 resumable_unavailable, or another 5xx). */
let answer = { status: 503, body: JSON.stringify({ detail: 'нет', code: 'resumable_unavailable' }) };

vi.mock('tus-js-client', () => {
  class Upload {
    start = vi.fn(() => {
      const response = { getStatus: () => answer.status, getBody: () => answer.body };
      queueMicrotask(() => this.options.onError?.(Object.assign(new Error('refused'), { originalResponse: response })));
    });
    abort = vi.fn(() => Promise.resolve());
    constructor(
      _file: unknown,
      readonly options: { onError?: (err: Error) => void },
    ) {
      created.push(this);
    }
    findPreviousUploads = () => Promise.resolve([]);
    resumeFromPreviousUpload() {}
  }
  class DefaultHttpStack {}
  return { Upload, DefaultHttpStack };
});
const uploadMedia = vi.fn(async () => ({ id: 1 }));
vi.mock('@/lib/api/media', () => ({ uploadMedia }));

describe('a resumable upload the server cannot take', () => {
  beforeEach(() => {
    created.length = 0;
    uploadMedia.mockClear();
    vi.resetModules();
  });

  it('goes whole (multipart, the kind’s field) when the server says resumable uploads are off, and so do the next ones', async () => {
    const { uploadResumable } = await import('@/lib/api/resumable-upload');
    const file = new File(['abc'], 'запись.webm', { type: 'audio/webm' });
    await expect(uploadResumable({ kind: 'audio', file, title: 'Запись', owner: 1 })).resolves.toEqual({ id: 1 });
    expect(uploadMedia).toHaveBeenCalledWith('audio', expect.objectContaining({ fileField: 'audio_file', file, title: 'Запись' }), {});
    expect(created).toHaveLength(1);
    const photo = new File(['abc'], 'a.jpg', { type: 'image/jpeg' });
    await uploadResumable({ kind: 'photo', file: photo, title: 'Фото', owner: 1 });
    expect(uploadMedia).toHaveBeenLastCalledWith('photo', expect.objectContaining({ fileField: 'file' }), {});
    expect(created).toHaveLength(1);
  });

  it('cancels on the server an upload the server failed after every retry, so it does not count toward the ten', async () => {
    answer = { status: 503, body: JSON.stringify({ detail: 'Хранилище файлов временно недоступно.' }) };
    const { uploadResumable } = await import('@/lib/api/resumable-upload');
    const file = new File(['abc'], 'a.webm', { type: 'audio/webm' });
    await expect(uploadResumable({ kind: 'audio', file, title: 'x', owner: 1 })).rejects.toMatchObject({ status: 503 });
    expect(created[0]!.abort).toHaveBeenCalledWith(true);
    expect(uploadMedia).not.toHaveBeenCalled();
  });
});
