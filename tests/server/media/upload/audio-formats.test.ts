import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, createUser, pathOf, tempDir } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { storedFiles } from '../../support/test-storage.ts';
import { postMedia } from '../../support/uploads.ts';
import { bodyOf, matching } from '../../support/inject-json.ts';
import { audioRecordSchema } from '../../../../contract/media.ts';

type Files = Awaited<ReturnType<typeof audioFixtures>>;
type User = Awaited<ReturnType<typeof createUser>>;

/** Every format a browser or a phone records in is kept with its true type, its duration and its waveform. */
describe('audio formats', () => {
  let t: TestApp;
  let fx: Files;

  const upload = (user: User, file: string, fields: Record<string, string> = {}, filename = path.basename(file)) =>
    postMedia(t, user, 'audio', fields, { filename, contentType: 'audio/webm', data: readFileSync(file) });

  beforeAll(async () => {
    t = await createTestApp();
    fx = await audioFixtures(await tempDir());
  });
  afterAll(() => t.close());

  const formats: [keyof Files, string, string][] = [
    ['webm', 'audio/webm', 'webm'],
    ['pipedWebm', 'audio/webm', 'webm'],
    ['ogg', 'audio/ogg', 'ogg'],
    ['m4a', 'audio/mp4', 'm4a'],
    ['aac', 'audio/aac', 'aac'],
    ['mp3', 'audio/mpeg', 'mp3'],
    ['wav', 'audio/wav', 'wav'],
  ];

  for (const [name, mime, ext] of formats) {
    it(`saves a ${name} recording with its true type, duration and waveform`, async () => {
      // A user of its own: every format is a different file, but each test keeps to its own collection.
      const owner = await createUser(t);
      const res = await upload(owner, fx[name], { title: `Тон ${name}`, description: 'ля первой октавы' }, 'recording.webm');
      expect(res.statusCode, res.body).toBe(201);
      const created = bodyOf(res, audioRecordSchema);
      // The answer does not wait for the MP3 and the waveform: a job makes them.
      expect(created).toMatchObject({
        title: `Тон ${name}`,
        mime_type: mime,
        status: 'processing',
        failure_reason: null,
        duration: null,
      });
      const rec = matching(audioRecordSchema, await processed(t, owner, 'audio', created.id));
      expect(rec).toMatchObject({ title: `Тон ${name}`, description: 'ля первой октавы', mime_type: mime, status: 'ready' });
      expect(rec.size).toBe(readFileSync(fx[name]).length);
      expect(Math.abs(Number(rec.duration) - 3)).toBeLessThan(0.1);
      expect(rec.waveform_data.length).toBeGreaterThanOrEqual(200);
      expect(rec.waveform_data.length).toBeLessThanOrEqual(400);
      expect(rec.waveform_data.every((v) => Number.isInteger(v) && v >= 0 && v <= 100)).toBe(true);
      expect(Math.max(...rec.waveform_data)).toBe(100);
      expect(rec.download_url).toBe(`/api/media/audio/${rec.id}/download/`);
      expect(new Date(rec.created_at).toISOString()).toBe(rec.created_at);
      // The original is served by no URL of the record (its tags may say where it was made): its owner's
      // download with ?format=original gives it back. The playable file is an MP3 of its own (an MP3's too).
      expect(rec.original_file).toBeNull();
      const row = await t.db.selectFrom('media').select('original_key').where('id', '=', rec.id).executeTakeFirstOrThrow();
      expect(row.original_key).toMatch(new RegExp(`^u/${owner.id}/audio/[\\w-]+\\.${ext}$`));
      expect(rec.audio_file).toMatch(/\/media\/u\/\d+\/audio\/[\w-]+\.mp3\?exp=\d+&sig=/);
      const play = await t.app.inject({ url: pathOf(rec.audio_file ?? '') });
      expect(play.statusCode).toBe(200);
      expect(play.headers['content-type']).toBe('audio/mpeg');
      const original = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: owner.headers });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe(mime);
      expect(original.rawPayload.equals(readFileSync(fx[name]))).toBe(true);
    });
  }
});

describe('audio upload limits', () => {
  let t: TestApp;
  let fx: Files;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_AUDIO_BYTES: '20000' } });
    fx = await audioFixtures(await tempDir());
  });
  afterAll(() => t.close());

  it('refuses a file over MAX_AUDIO_BYTES with 413 and keeps nothing', async () => {
    const user = await createUser(t);
    const data = readFileSync(fx.wav);
    expect(data.length).toBeGreaterThan(20000);
    const res = await postMedia(t, user, 'audio', { title: 'большой' }, { filename: 'big.wav', data });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ audio_file: ['Файл слишком большой (максимум 0,02 МБ)'] });
    expect(await storedFiles(t)).toEqual([]);
    expect(await t.db.selectFrom('media').selectAll().execute()).toEqual([]);

    expect(readFileSync(fx.ogg).length).toBeLessThan(20000);
    const ok = await postMedia(t, user, 'audio', {}, { filename: 'small.ogg', data: readFileSync(fx.ogg) });
    expect(ok.statusCode).toBe(201);
  });
});
