import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEFTOVER_AGE_MS } from '../../server/media/leftovers.ts';
import { LocalStorage } from '../../server/storage/local.ts';
import { tempDir } from './support/media-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** What a crash mid-upload leaves under DATA_DIR/media, and what start-up does about it. */
describe('start-up sweep of upload leftovers', () => {
  let t: TestApp;
  let root: string;

  /** A file under the media root, last written `ageMs` ago. */
  function file(key: string, ageMs: number): string {
    const full = path.join(root, key);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'bytes');
    const at = new Date(Date.now() - ageMs);
    utimesSync(full, at, at);
    return full;
  }

  const old = LEFTOVER_AGE_MS + 60_000;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    root = await tempDir('kopilka-leftovers-');
    files.oldUpload = file('u/7/audio/AbCdEf123456.upload', old);
    files.oldPart = file('u/7/audio/AbCdEf123456.webm.0123456789ab.part', old);
    files.oldAvatarPart = file('u/8/avatar/1.webp.abcdef012345.part', old);
    files.oldAvatarUpload = file('u/8/avatar/0123456789abcdef01234567.upload', old); // crash before the avatar was checked
    files.recentUpload = file('u/7/video/GhIjKl789012.upload', 5 * 60_000);
    files.recentPart = file('u/7/video/GhIjKl789012.mp4.fedcba987654.part', 5 * 60_000);
    files.oldMedia = file('u/7/audio/Stored000001.webm', old);
    files.oldMp3 = file('u/7/audio/Stored000001.mp3', old);
    files.oldAvatar = file('u/8/avatar/1.webp', old);
    files.partLikeName = file('u/7/photo/notes.part', old);
    t = await createTestApp({ storage: new LocalStorage(root) });
    await t.services.media.background.idle();
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('removes *.upload and *.part temp files untouched for over an hour', () => {
    expect(existsSync(files.oldUpload!)).toBe(false);
    expect(existsSync(files.oldPart!)).toBe(false);
    expect(existsSync(files.oldAvatarPart!)).toBe(false);
    expect(existsSync(files.oldAvatarUpload!)).toBe(false);
  });

  it('keeps temp files still being written (recent), which may belong to a live upload', () => {
    expect(existsSync(files.recentUpload!)).toBe(true);
    expect(existsSync(files.recentPart!)).toBe(true);
  });

  it('never touches stored media, avatars or names that only look like temp files', () => {
    expect(existsSync(files.oldMedia!)).toBe(true);
    expect(existsSync(files.oldMp3!)).toBe(true);
    expect(existsSync(files.oldAvatar!)).toBe(true);
    expect(existsSync(files.partLikeName!)).toBe(true);
  });

  it('sweeps again on demand once the recent ones have aged, and reports the count', async () => {
    t.clock.advance(LEFTOVER_AGE_MS);
    expect(await t.services.media.leftovers.sweep()).toBe(2);
    expect(existsSync(files.recentUpload!)).toBe(false);
    expect(existsSync(files.recentPart!)).toBe(false);
    expect(existsSync(files.oldMedia!)).toBe(true);
    expect(await t.services.media.leftovers.sweep()).toBe(0);
  });

  it('removes processing work folders a crash left under DATA_DIR once untouched for an hour, and keeps a live one', async () => {
    const work = path.join(t.dataDir, 'work', 'processing');
    const folder = (name: string, ageMs: number) => {
      const dir = path.join(work, name);
      mkdirSync(dir, { recursive: true });
      const at = new Date(t.clock.now().getTime() - ageMs);
      writeFileSync(path.join(dir, 'out.mp4'), 'half a conversion');
      utimesSync(path.join(dir, 'out.mp4'), at, at);
      utimesSync(dir, at, at);
      return dir;
    };
    const crashed = folder('run-crashed', old);
    const live = folder('run-live', 5 * 60_000);
    expect(await t.services.media.leftovers.sweep()).toBe(1);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('copes with a media folder that does not exist yet (first start)', async () => {
    const empty = await createTestApp();
    try {
      expect(existsSync(path.join(empty.dataDir, 'media'))).toBe(false);
      expect(await empty.services.media.leftovers.sweep()).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
