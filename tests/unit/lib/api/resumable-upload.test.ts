import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { mayRetry, resumableFingerprint } from '@/lib/api/resumable-upload';
import { duplicateOf } from '@/lib/media-errors';
import { keptRecordHref, uploadQueueReducer } from '@/lib/media/uploads/upload-queue';

const duplicate = { detail: 'Этот файл уже есть в Копилке', id: 7, kind: 'photo' };

describe('resumable uploads in the browser', () => {
  it('retries what may pass next time, never a refusal of the file itself', () => {
    for (const status of [null, 500, 502, 423, 404, 410]) expect(mayRetry(status, null)).toBe(true);
    // An offset that moved on (another tab, a PATCH the client never saw answered): ask where to go on.
    expect(mayRetry(409, { detail: 'Загрузка продолжается не с того места' })).toBe(true);
    expect(mayRetry(409, duplicate)).toBe(false);
    for (const status of [400, 401, 403, 413]) expect(mayRetry(status, { file: ['…'] })).toBe(false);
  });

  it('keeps an unfinished upload per user, kind and file, so another account never resumes it', () => {
    const file = new File(['abc'], 'clip.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
    expect(resumableFingerprint(3, 'video', file)).toBe('kopilka-3-video-clip.mp4-video/mp4-3-1700000000000');
    expect(resumableFingerprint(4, 'video', file)).not.toBe(resumableFingerprint(3, 'video', file));
  });

  it('reads the record that already keeps a refused file, and links to it on its screen', () => {
    expect(duplicateOf(new ApiError(409, duplicate))).toEqual(duplicate);
    expect(duplicateOf(new ApiError(409, { detail: 'Эта загрузка уже завершается.' }))).toBeNull();
    expect(duplicateOf(new ApiError(400, duplicate))).toBeNull();
    expect(keptRecordHref({ kind: 'photo', id: 7 })).toBe('/photos?id=7');
    expect(keptRecordHref({ kind: 'audio', id: 8 })).toBe('/audio?id=8');
    expect(keptRecordHref({ kind: 'video', id: 9 })).toBe('/video?id=9');
  });

  it('keeps the record a refused row names, for its link', () => {
    let items = uploadQueueReducer([], { type: 'ADD', items: [{ id: 'f0', name: 'a.jpg', size: 1 }] });
    expect(items[0]!.kept).toBeNull();
    items = uploadQueueReducer(items, { type: 'FAILED', id: 'f0', error: duplicate.detail, kept: { kind: 'photo', id: 7 } });
    expect(items[0]).toMatchObject({ status: 'kept', error: duplicate.detail, kept: { kind: 'photo', id: 7 }, retryable: false });
  });

  it('marks a failure that sending again may mend, and only that one', () => {
    let items = uploadQueueReducer([], {
      type: 'ADD',
      items: [
        { id: 'f0', name: 'a.jpg', size: 1 },
        { id: 'f1', name: 'b.jpg', size: 1 },
      ],
    });
    items = uploadQueueReducer(items, { type: 'FAILED', id: 'f0', error: 'Нет подключения', retryable: true });
    items = uploadQueueReducer(items, { type: 'FAILED', id: 'f1', error: 'Файл не является поддерживаемым изображением' });
    expect(items.map((i) => [i.status, i.retryable])).toEqual([
      ['failed', true],
      ['failed', false],
    ]);
  });
});
