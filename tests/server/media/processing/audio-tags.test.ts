import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { createProcessor } from '../../../../server/media/processing/processor.ts';
import { bodyOf, matching } from '../../support/inject-json.ts';
import { createUser, ffmpeg, pathOf, tempDir } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { shareSteps } from '../../support/shares.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { postMedia } from '../../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** What the recordings below carry in their tags: where they were made and a free-text comment. */
const PLACE = '+55.7558+037.6173/';
const TAGS = ['-metadata', `location=${PLACE}`, '-metadata', 'comment=KOPILKA-COMMENT', '-metadata', 'title=KOPILKA-TITLE'];
/** Byte strings only those tags put in a file. */
const MARKERS = ['KOPILKA', '55.7558'];

/** A 2-second tone in `ext`, with the location and comment tags its container keeps. */
async function taggedRecording(dir: string, ext: string, extra: string[] = []): Promise<Buffer> {
  const file = path.join(dir, `tagged.${ext}`);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', ...TAGS, ...extra, '-y', file]);
  const bytes = readFileSync(file);
  const latin1 = bytes.toString('latin1');
  expect(MARKERS.filter((m) => latin1.includes(m)).length, `${ext} carries the tags`).toBeGreaterThan(0);
  return bytes;
}

function expectNoTags(what: string, bytes: Buffer) {
  expect(bytes.length, what).toBeGreaterThan(1000);
  const latin1 = bytes.toString('latin1');
  expect({ what, found: MARKERS.filter((m) => latin1.includes(m)) }).toEqual({ what, found: [] });
}

/**
 * A recording's tags (where it was made, free text) are never served by URL: the MP3 made from it and the
 * copy of an uploaded MP3 carry none, for its owner, in its default download and through a share link. Only
 * `?format=original` (and the export) give the uploaded bytes back.
 */
describe('audio tags', () => {
  let t: TestApp;
  let alice: User;
  let dir: string;
  const s = () => shareSteps(t);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    dir = await tempDir();
  });
  afterAll(() => t.close());

  const cases: [string, string, string[]][] = [
    ['an m4a', 'm4a', ['-c:a', 'aac', '-movflags', 'use_metadata_tags']],
    ['an MP3 (ID3v2 and ID3v1)', 'mp3', ['-c:a', 'libmp3lame', '-write_id3v1', '1']],
    ['a WAV (LIST INFO)', 'wav', []],
    ['an Ogg Vorbis', 'ogg', ['-c:a', 'libvorbis']],
    ['a WebM', 'webm', ['-c:a', 'libopus']],
  ];
  for (const [name, ext, extra] of cases) {
    it(`serves ${name} without its location and comment tags, everywhere but ?format=original`, async () => {
      const original = await taggedRecording(dir, ext, extra);
      const res = await postMedia(t, alice, 'audio', { title: name }, { filename: `tagged.${ext}`, data: original });
      expect(res.statusCode, res.body).toBe(201);
      const rec = matching(audioRecordSchema, await processed(t, alice, 'audio', bodyOf(res, audioRecordSchema).id));
      expect(rec.status).toBe('ready');
      // No URL of the record names the original: its bytes go to the owner by ?format=original and the export.
      expect(rec.original_file).toBeNull();

      const served: [string, Buffer][] = [];
      const play = await t.app.inject({ url: pathOf(rec.audio_file!) });
      expect(play.statusCode).toBe(200);
      expect(play.headers['content-type']).toBe('audio/mpeg');
      served.push(['audio_file', play.rawPayload]);
      const download = await t.app.inject({ url: rec.download_url!, headers: alice.headers });
      expect(download.statusCode).toBe(200);
      served.push(['download', download.rawPayload]);

      const share = await s().make(alice, { kind: 'audio', id: rec.id }, { allow_download: true });
      const view = await s().view(share.token);
      const item = view.items[0]!;
      expect(item.kind).toBe('audio');
      for (const [what, url] of [
        ['shared audio_file', item.kind === 'audio' ? item.audio_file : null],
        ['shared download', item.download_url],
      ] as const) {
        const r = await s().fetch(url!);
        expect(r.statusCode, what).toBe(200);
        served.push([what, r.rawPayload]);
      }
      for (const [what, bytes] of served) expectNoTags(`${name}: ${what}`, bytes);

      const exact = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: alice.headers });
      expect(exact.statusCode).toBe(200);
      expect(exact.rawPayload.equals(original)).toBe(true);
    });
  }

  it('gives no recording another’s tags when several are made into MP3s in one ffmpeg run', async () => {
    const tagged = path.join(dir, 'first.m4a');
    writeFileSync(tagged, await taggedRecording(dir, 'm4a', ['-c:a', 'aac', '-movflags', 'use_metadata_tags']));
    const plain = path.join(dir, 'plain.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=2', '-y', plain]);
    // One slot: both wait for it, and the first run free takes both.
    const processor = createProcessor({ concurrency: 1 });
    const outputs = [path.join(dir, 'first.mp3'), path.join(dir, 'plain.mp3')];
    await Promise.all(
      [
        { path: tagged, container: 'm4a' },
        { path: plain, container: 'wav' },
      ].map((input, i) => processor.analyzeAudio(input, { mp3Output: outputs[i], batch: true })),
    );
    for (const out of outputs) expectNoTags(out, readFileSync(out));
  });
});
