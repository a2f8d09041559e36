import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { MediaKind } from '../../../contract/media.ts';
import { ffmpeg, multipart, tempDir, type FilePart } from './media-fixtures.ts';
import { processed } from './processing.ts';
import type { TestApp } from './test-app.ts';

/** Anyone with a bearer header (createUser's answer). */
export interface Uploader {
  headers: Record<string, string>;
}

/** A multipart/form-data body as multipart() builds it: its bytes and its content-type header. */
export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/** `body` sent to `url` as `user` (POST unless said): the raw answer, refusals included. */
export function sendMultipart(t: TestApp, user: Uploader, url: string, body: MultipartBody, method: 'POST' | 'PATCH' = 'POST') {
  return t.app.inject({ method, url, headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

/** The file of an upload: its form field is the kind's (`audio_file` for a recording, `file` otherwise) unless named. */
export type UploadedFile = Omit<FilePart, 'field'> & { field?: string };

/** POST /api/media/{kind}/ of `file` with the form `fields`, as `user`: the raw answer, refusals included. */
export function postMedia(t: TestApp, user: Uploader, kind: MediaKind, fields: Record<string, string>, file: UploadedFile) {
  const field = file.field ?? (kind === 'audio' ? 'audio_file' : 'file');
  return sendMultipart(t, user, `/api/media/${kind}/`, multipart(fields, { ...file, field }));
}

/** postMedia's upload, which must be accepted (201; its processing job still to run): the new record's id. */
export async function acceptedUpload(
  t: TestApp,
  user: Uploader,
  kind: MediaKind,
  fields: Record<string, string>,
  file: UploadedFile,
): Promise<number> {
  const res = await postMedia(t, user, kind, fields, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

let made = 0;

/**
 * Uploads of each kind through POST /api/media/{kind}/, each a file of its own (the same bytes twice
 * would be refused as already kept), answered once processing is over: the record as the API shows it.
 * Recordings are 1 s MP3 tones, photos small PNGs (with a GPS position in their metadata, so that what is
 * served is the copy without it), videos 1 s WebM clips with sound.
 */
export function mediaUploads(t: TestApp) {
  let dir: string | undefined;
  const workDir = async () => (dir ??= await tempDir('kopilka-uploads-'));

  const upload = async <K extends MediaKind>(
    user: Uploader,
    kind: K,
    title: string,
    file: { field: string; name: string; type: string; data: Buffer },
  ) => {
    const id = await acceptedUpload(
      t,
      user,
      kind,
      { title },
      { field: file.field, filename: file.name, contentType: file.type, data: file.data },
    );
    const record = await processed(t, user, kind, id);
    expect(record.status, record.failure_reason ?? '').toBe('ready');
    return record;
  };

  return {
    /** A file of one's own: the record once processed. */
    file: upload,
    async audio(user: Uploader, title = 'Запись') {
      made += 1;
      const file = path.join(await workDir(), `tone-${made}.mp3`);
      await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${300 + made}:duration=1`, '-c:a', 'libmp3lame', file]);
      return upload(user, 'audio', title, { field: 'audio_file', name: 'a.mp3', type: 'audio/mpeg', data: readFileSync(file) });
    },
    async photo(user: Uploader, title = 'Фото') {
      made += 1;
      const data = await sharp({
        create: { width: 48, height: 32, channels: 3, background: { r: made % 256, g: Math.floor(made / 256) % 256, b: 200 } },
      })
        .jpeg()
        // The description makes the bytes the test's own: neighbouring colours can compress to the same JPEG,
        // and the same bytes twice would be refused as already kept (409).
        .withExif({
          IFD0: { ImageDescription: `photo ${made}` },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
        })
        .toBuffer();
      return upload(user, 'photo', title, { field: 'file', name: 'p.jpg', type: 'image/jpeg', data });
    },
    async video(user: Uploader, title = 'Видео') {
      made += 1;
      const file = path.join(await workDir(), `clip-${made}.webm`);
      await ffmpeg([
        ...['-f', 'lavfi', '-i', `testsrc=duration=1:size=96x64:rate=10`],
        ...['-f', 'lavfi', '-i', `sine=frequency=${300 + made}:duration=1`],
        ...['-c:v', 'libvpx', '-b:v', '50k', '-c:a', 'libopus', '-shortest', file],
      ]);
      return upload(user, 'video', title, { field: 'file', name: 'v.webm', type: 'video/webm', data: readFileSync(file) });
    },
  };
}
