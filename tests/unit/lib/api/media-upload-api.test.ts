import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { getDownloadLink, uploadMedia } from '@/lib/api/media';
import { PHOTO_FILE_FIELD, type PhotoRecord } from '@/lib/api/photos';
import type { UploadOptions } from '@/lib/api/upload';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { photoUploadError, videoSaveError } from '@/lib/media-errors';

const tokens = vi.hoisted(() => {
  const t = {
    access: 'access-1' as string | null,
    refresh: 'refresh-1' as string | null,
    getAccess: () => t.access,
    getRefresh: () => t.refresh,
    setTokens: ({ access, refresh }: { access: string; refresh?: string | null }) => {
      t.access = access;
      if (refresh !== undefined) t.refresh = refresh;
    },
    clear: () => {
      t.access = null;
      t.refresh = null;
    },
  };
  return t;
});

// The real ky client over the stubbed fetch; upload URLs stay relative, as the app's.
vi.mock('@/lib/api/client', async () =>
  (await import('../../support/api-client')).realApiClient(tokens, { apiUrl: (path: string) => `/api/${path}` }),
);

/** A scripted XMLHttpRequest: records what was sent, reports progress, answers with `reply`. */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: FormData }[] = [];
  static reply: { status: number; body: unknown } = { status: 201, body: {} };
  /** Answers used one by one before `reply`. */
  static replies: { status: number; body: unknown }[] = [];
  /** No answer at all: the request errors. */
  static offline = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    queueMicrotask(() => {
      if (FakeXhr.offline) {
        this.onerror?.();
        return;
      }
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      const reply = FakeXhr.replies.shift() ?? FakeXhr.reply;
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    });
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.replies = [];
  FakeXhr.offline = false;
  tokens.access = 'access-1';
  tokens.refresh = 'refresh-1';
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A photo sent as the app sends a file in one request (uploadMedia, as the recorder's saves are). */
const uploadPhoto = (input: { file: File; title: string }, options?: UploadOptions) =>
  uploadMedia<PhotoRecord>(
    'photo',
    { fileField: PHOTO_FILE_FIELD, file: input.file, fileName: input.file.name, title: input.title },
    options,
  );

describe('photo upload', () => {
  it('POSTs multipart file/title/description to /api/media/photo/ with the bearer and reports progress', async () => {
    FakeXhr.reply = { status: 201, body: { id: 7, title: 'Море', thumbnail: null } };
    const progress: number[] = [];
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'Море.png', { type: 'image/png' });
    const record = await uploadPhoto({ file, title: 'Море' }, { onProgress: (p) => progress.push(p.fraction) });
    expect(record).toMatchObject({ id: 7, title: 'Море' });
    expect(progress).toEqual([0.5, 1]);
    const [req] = FakeXhr.sent;
    expect(req).toMatchObject({ method: 'POST', url: '/api/media/photo/' });
    expect(req!.headers.Authorization).toBe('Bearer access-1');
    expect(req!.body.get('title')).toBe('Море');
    expect(req!.body.get('description')).toBe('');
    expect((req!.body.get('file') as File).name).toBe('Море.png');
  });

  it("a refusal carries the server's message for the file, else 'Не удалось загрузить файл «name»'", async () => {
    FakeXhr.reply = { status: 400, body: { file: ['Файл не является поддерживаемым изображением'] } };
    const file = new File(['not an image'], 'notes.png', { type: 'image/png' });
    const error = await uploadPhoto({ file, title: 'notes' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(photoUploadError(error, 'notes.png')).toBe('Файл не является поддерживаемым изображением');

    expect(photoUploadError(new ApiError(413, { file: ['Файл слишком большой (максимум 50 МБ)'] }), 'big.jpg')).toBe(
      'Файл слишком большой (максимум 50 МБ)',
    );
    expect(photoUploadError(new ApiError(502, '<html>Bad Gateway</html>'), 'a.jpg')).toBe('Не удалось загрузить файл «a.jpg»');
    expect(photoUploadError(ApiError.noAnswer(), 'a.jpg')).toBe('Не удалось загрузить файл «a.jpg»');
  });

  it('a 401 goes through the same refresh as every request, and the upload is sent once more with the new token', async () => {
    const refreshCalls: unknown[] = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      refreshCalls.push({ path: new URL(input.url).pathname, body: (await input.json()) as unknown });
      return new Response(JSON.stringify({ access: 'access-2', refresh: 'refresh-2' }), { status: 200 });
    });
    FakeXhr.replies = [{ status: 401, body: { detail: 'Given token not valid for any token type', code: 'token_not_valid' } }];
    FakeXhr.reply = { status: 201, body: { id: 8, title: 'Лес' } };
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'Лес.png', { type: 'image/png' });
    await expect(uploadPhoto({ file, title: 'Лес' })).resolves.toMatchObject({ id: 8 });
    expect(refreshCalls).toEqual([{ path: '/api/auth/token/refresh/', body: { refresh: 'refresh-1' } }]);
    expect(FakeXhr.sent.map((r) => r.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect((FakeXhr.sent[1]!.body.get('file') as File).name).toBe('Лес.png');
  });

  it('no answer is the same ApiError as from ky', async () => {
    FakeXhr.offline = true;
    const error = (await uploadPhoto({ file: new File(['x'], 'a.png'), title: 'a' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBeNull();
  });

  it('the video save form shows the reason after its own prefix', async () => {
    expect(videoSaveError(new ApiError(400, { file: ['Файл не является поддерживаемой видеозаписью'] }))).toBe(
      'Ошибка при сохранении видео: Файл не является поддерживаемой видеозаписью',
    );
    expect(videoSaveError(ApiError.noAnswer())).toBe('Ошибка при сохранении видео: нет соединения с сервером');
  });
});

describe('downloads', () => {
  it('asks for a signed link, with ?format=mp4 or ?format=original and the bearer, and gives its URL', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      const url = new URL(input.url);
      urls.push(`${url.pathname}${url.search}`);
      expect(input.headers.get('Authorization')).toBe('Bearer access-1');
      return new Response(JSON.stringify({ url: `/media/u/1/x?exp=1&dl=a&sig=${urls.length}` }), { status: 200 });
    });
    // Made absolute on the page's own origin, as every path in an answer.
    expect(await getDownloadLink('video', 5, 'mp4')).toBe(`${location.origin}/media/u/1/x?exp=1&dl=a&sig=1`);
    await getDownloadLink('video', 5, 'original');
    // A photo's download is the exact uploaded file, not the served metadata-free copy: its kind's default format.
    await getDownloadLink('photo', 8, MEDIA_KINDS.photo.download);
    await getDownloadLink('audio', 3, MEDIA_KINDS.audio.download);
    expect(urls).toEqual([
      '/api/media/video/5/download-link/?format=mp4',
      '/api/media/video/5/download-link/?format=original',
      '/api/media/photo/8/download-link/?format=original',
      '/api/media/audio/3/download-link/',
    ]);
  });
});

describe('the quota, checked before sending', () => {
  const usage = (total: number, quota: number | null) =>
    vi.stubGlobal('fetch', async (input: Request) => {
      expect(new URL(input.url).pathname).toBe('/api/media/usage/');
      return new Response(JSON.stringify({ total_bytes: total, quota_bytes: quota, audio: 0, photo: total, video: 0 }), { status: 200 });
    });

  it('refuses a file that would pass the quota with the server’s Russian message, and sends nothing', async () => {
    usage(1000, 1500);
    const file = new File([new Uint8Array(501)], 'big.png', { type: 'image/png' });
    const error = (await uploadPhoto({ file, title: 'big' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(413);
    expect(photoUploadError(error, 'big.png')).toBe('Не хватает места в хранилище: свободно 500 байт из 1,4 КБ.');
    expect(FakeXhr.sent).toEqual([]);
  });

  it('sends a file that fits, and any file when there is no quota or the usage cannot be read', async () => {
    FakeXhr.reply = { status: 201, body: { id: 9, title: 'ok' } };
    const file = new File([new Uint8Array(500)], 'ok.png', { type: 'image/png' });
    usage(1000, 1500);
    await uploadPhoto({ file, title: 'ok' });
    usage(10 ** 12, null);
    await uploadPhoto({ file, title: 'ok' });
    vi.stubGlobal('fetch', async () => new Response('', { status: 502 }));
    await uploadPhoto({ file, title: 'ok' });
    expect(FakeXhr.sent).toHaveLength(3);
  });
});
