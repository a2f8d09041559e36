import { describe, expect, it } from 'vitest';
import { MEDIA_KINDS, uploadedMessage } from '@/lib/media/kinds';
import { filesOfType, isUploading, titleFromFileName, uploadQueueReducer, type UploadItem } from '@/lib/media/uploads/upload-queue';

const add = (names: string[]) => uploadQueueReducer([], { type: 'ADD', items: names.map((n, i) => ({ id: `f${i}`, name: n, size: 100 })) });

describe('upload queue', () => {
  it('takes each file from queued through its progress to done', () => {
    let items = add(['a.jpg', 'b.jpg']);
    expect(items.map((i) => i.status)).toEqual(['queued', 'queued']);
    expect(isUploading(items)).toBe(true);
    items = uploadQueueReducer(items, { type: 'START', id: 'f0' });
    items = uploadQueueReducer(items, { type: 'PROGRESS', id: 'f0', progress: 0.4 });
    expect(items[0]).toMatchObject({ status: 'uploading', progress: 0.4 });
    // Progress never goes back (a retry after a token refresh restarts at 0) and stays within 0..1.
    items = uploadQueueReducer(items, { type: 'PROGRESS', id: 'f0', progress: 0.1 });
    expect(items[0]!.progress).toBe(0.4);
    items = uploadQueueReducer(items, { type: 'PROGRESS', id: 'f0', progress: 7 });
    expect(items[0]!.progress).toBe(1);
    items = uploadQueueReducer(items, { type: 'DONE', id: 'f0' });
    expect(items[0]).toMatchObject({ status: 'done', progress: 1 });
    items = uploadQueueReducer(items, { type: 'START', id: 'f1' });
    items = uploadQueueReducer(items, { type: 'FAILED', id: 'f1', error: 'Файл не является поддерживаемым изображением' });
    expect(items[1]).toMatchObject({ status: 'failed', error: 'Файл не является поддерживаемым изображением' });
    expect(isUploading(items)).toBe(false);
  });

  it('clears finished rows but keeps refusals until dismissed; a running upload cannot be dismissed', () => {
    let items: UploadItem[] = add(['a.jpg', 'b.jpg', 'c.jpg']);
    items = uploadQueueReducer(items, { type: 'START', id: 'f0' });
    items = uploadQueueReducer(items, { type: 'DONE', id: 'f0' });
    items = uploadQueueReducer(items, { type: 'FAILED', id: 'f1', error: 'x' });
    items = uploadQueueReducer(items, { type: 'START', id: 'f2' });
    expect(uploadQueueReducer(items, { type: 'DISMISS', id: 'f2' })).toBe(items);
    items = uploadQueueReducer(items, { type: 'CLEAR_FINISHED' });
    expect(items.map((i) => i.id)).toEqual(['f1', 'f2']);
    items = uploadQueueReducer(items, { type: 'DISMISS', id: 'f1' });
    expect(items.map((i) => i.id)).toEqual(['f2']);
  });

  it('ignores events for unknown files and out-of-order events', () => {
    const items = add(['a.jpg']);
    expect(uploadQueueReducer(items, { type: 'DONE', id: 'f0' })).toBe(items); // not started
    expect(uploadQueueReducer(items, { type: 'PROGRESS', id: 'nope', progress: 0.5 })).toBe(items);
  });

  it('titles an upload by its file name without the extension', () => {
    expect(titleFromFileName('IMG_2041.JPG')).toBe('IMG_2041');
    expect(titleFromFileName('  Отпуск   в горах.jpeg ')).toBe('Отпуск в горах');
    expect(titleFromFileName('archive.tar.gz')).toBe('archive.tar');
    expect(titleFromFileName('без расширения')).toBe('без расширения');
    expect([...titleFromFileName(`${'я'.repeat(300)}.png`)]).toHaveLength(255);
  });

  it('splits dropped files by type, letting untyped files through for the server to judge', () => {
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    const txt = new File(['x'], 'b.txt', { type: 'text/plain' });
    const unknown = new File(['x'], 'c.heic', { type: '' });
    const { accepted, rejected } = filesOfType([png, txt, unknown], 'image/');
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'c.heic']);
    expect(rejected.map((f) => f.name)).toEqual(['b.txt']);
  });

  it('words the snackbar for one or many photos', () => {
    expect(uploadedMessage('photo', 1)).toBe('Фотография загружена');
    expect(uploadedMessage('photo', 3)).toBe('Загружено: 3\u00a0фотографии');
    expect(uploadedMessage('photo', 5)).toBe('Загружено: 5\u00a0фотографий');
    expect(uploadedMessage('photo', 0)).toBeNull();
    expect(MEDIA_KINDS.photo.text.notOfKind('b.txt')).toBe('Файл «b.txt» не является изображением');
  });
});
