import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '../../../contract/account.ts';
import { audioRecordSchema } from '../../../contract/media.ts';
import { buildApp } from '../../../server/app.ts';
import { BackupError, takeBackup } from '../../../server/backup/backup.ts';
import { MANIFEST, type Manifest } from '../../../server/backup/manifest.ts';
import { RestoreError, restoreBackup } from '../../../server/backup/restore.ts';
import { ManualClock } from '../../../server/clock.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { createDb } from '../../../server/db/kysely.ts';
import { createProcessor } from '../../../server/media/processing/processor.ts';
import { storageFromConfig } from '../../../server/storage/from-config.ts';
import type { Storage } from '../../../server/storage/storage.ts';
import { bodyOf } from '../support/inject-json.ts';
import { PASSWORD } from '../support/auth.ts';
import { signedInUser } from '../support/auth.ts';
import { audioFixtures, tempDir } from '../support/media-fixtures.ts';
import { processed } from '../support/processing.ts';
import { MemoryMailer, MemorySms, createTestApp, type TestApp } from '../support/test-app.ts';
import { createDatabase, dropDatabase, pgUrl } from '../support/pg-operator.ts';
import { defaultStorageKind, readStored, s3TestEnv } from '../support/test-storage.ts';
import { postMedia } from '../support/uploads.ts';

const SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const FILE_COLUMNS = ['original_key', 'playable_key', 'thumbnail_key', 'preview_key', 'poster_key'] as const;

/** Each path under `root` (itself included) that another local user could read: a file not 0600, a folder not 0700. */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const visit = (at: string) => {
    const s = lstatSync(at);
    const mode = s.mode & 0o777;
    if (s.isDirectory()) {
      if (mode !== 0o700) found.push(`${at} ${mode.toString(8)}`);
      for (const name of readdirSync(at)) visit(path.join(at, name));
    } else if (mode !== 0o600) found.push(`${at} ${mode.toString(8)}`);
  };
  visit(root);
  return found;
}

/** An empty place to restore into: a new DATA_DIR, and a new empty PostgreSQL database and bucket prefix on the PostgreSQL pass. */
async function emptyPlace(): Promise<{ config: Config; storage: Storage; drop: () => Promise<void> }> {
  const dataDir = await tempDir('kopilka-restore-');
  const database = pgUrl ? await createDatabase('kopilka_restore') : undefined;
  const databaseUrl = database?.url;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY,
    LOG_LEVEL: 'silent',
    OUT_DIR: path.join(dataDir, 'out'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(defaultStorageKind() === 's3' ? s3TestEnv() : {}),
  });
  const storage = storageFromConfig(config);
  return {
    config,
    storage,
    drop: async () => {
      if (config.mediaStorage.kind === 's3') await storage.deletePrefix('');
      if (database) await dropDatabase(database.name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('npm run backup and npm run restore', () => {
  let t: TestApp;
  let dir: string;
  let manifest: Manifest;
  /** The bytes of every recording uploaded before the backup, by title. */
  const originals = new Map<string, Buffer>();
  let anna: Awaited<ReturnType<typeof signedInUser>>;
  let mediaTo: string | undefined;
  let restored: { config: Config; storage: Storage; drop: () => Promise<void> } | undefined;

  const upload = (access: string, title: string, data: Buffer) =>
    postMedia(
      t,
      { headers: { authorization: `Bearer ${access}` } },
      'audio',
      { title },
      { filename: `${title}.wav`, contentType: 'audio/wav', data },
    );
  /** The fixture with its samples changed: a valid WAV of its own. */
  const variant = (wav: Buffer, n: number) => {
    const copy = Buffer.from(wav);
    for (let i = 0; i < 64; i++) copy.writeInt16LE((n * 997 + i * 31) % 30000, 200 + i * 2);
    return copy;
  };

  beforeAll(async () => {
    t = await createTestApp();
    dir = path.join(await tempDir('kopilka-backup-'), 'backup');
    const wav = readFileSync((await audioFixtures(await tempDir(), 1)).wav);
    anna = await signedInUser(t);
    const auth = { headers: { authorization: `Bearer ${anna.access}` } };
    for (let i = 0; i < 3; i++) {
      const data = variant(wav, i);
      const res = await upload(anna.access, `before-${i}`, data);
      expect(res.statusCode, res.body).toBe(201);
      await processed(t, auth, 'audio', bodyOf(res, audioRecordSchema).id);
      originals.set(`before-${i}`, data);
    }
    // Uploads go on while the backup runs: whatever of them the snapshot holds comes whole, the rest not at all.
    const during = Array.from({ length: 4 }, (_, i) => {
      const data = variant(wav, 10 + i);
      originals.set(`during-${i}`, data);
      return upload(anna.access, `during-${i}`, data);
    });
    if (defaultStorageKind() === 's3') mediaTo = new URL(s3TestEnv().MEDIA_STORAGE!).toString();
    // The usual umask, which leaves what a process writes readable by every local user (0644, 0755).
    const umask = process.umask(0o022);
    manifest = await takeBackup({
      config: t.config,
      db: t.db,
      storage: t.storage,
      to: dir,
      mediaTo,
      env: { ...process.env, ...(mediaTo ? s3TestEnv() : {}), SECRET_KEY },
      clock: t.clock,
      log: () => {},
    }).finally(() => process.umask(umask));
    for (const res of await Promise.all(during)) expect(res.statusCode, res.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await restored?.drop();
    if (mediaTo)
      await storageFromConfig({
        dataDir: dir,
        mediaStorage: loadConfig({ ...s3TestEnv(), SECRET_KEY, DATA_DIR: dir, MEDIA_STORAGE: mediaTo }).mediaStorage,
      }).deletePrefix('');
  });

  it('writes a manifest naming every file the snapshot’s rows name, with its size and SHA-256', async () => {
    const onDisk = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    expect(onDisk).toEqual(manifest);
    expect(manifest.database.dialect).toBe(t.config.database.dialect);
    expect(manifest.media.location).toBe(mediaTo ?? 'media');
    // Each of the three processed recordings: its original and its MP3.
    const keys = manifest.media.objects.map((o) => o.key);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    expect(keys.every((k) => k.startsWith(`u/${anna.id}/audio/`))).toBe(true);
    if (!mediaTo) {
      for (const object of manifest.media.objects) {
        const bytes = readFileSync(path.join(dir, 'media', object.key));
        expect({ size: bytes.length, sha256: sha256(bytes) }).toEqual({ size: object.size, sha256: object.sha256 });
      }
    }
    expect(
      await takeBackup({ config: t.config, db: t.db, storage: t.storage, to: dir, clock: t.clock, log: () => {} }).catch((e: unknown) => e),
    ).toBeInstanceOf(BackupError);
  });

  it('writes the backup for its owner alone: every file 0600 and every folder 0700, whatever the umask', () => {
    expect(readdirSync(dir)).toContain(MANIFEST);
    expect(notPrivate(dir)).toEqual([]);
  });

  it('restores into an empty place after a wipe: every original byte for byte, no row without bytes, the account signs in', async () => {
    await t.close(); // the wipe: the database (a throw-away one on PostgreSQL), the bucket prefix, DATA_DIR
    restored = await emptyPlace();
    const report = await restoreBackup({
      config: restored.config,
      storage: restored.storage,
      from: dir,
      env: { ...process.env, ...s3TestEnv(), SECRET_KEY },
      log: () => {},
    });
    expect(report.objects).toBe(manifest.media.objects.length);
    // What the restore wrote on this machine stays as private as the backup was.
    if (restored.config.database.dialect === 'sqlite') expect(notPrivate(restored.config.database.file)).toEqual([]);
    if (restored.config.mediaStorage.kind === 'local') expect(notPrivate(path.join(restored.config.dataDir, 'media'))).toEqual([]);

    const db = createDb(restored.config.database);
    const clock = new ManualClock(Date.now());
    const { app } = await buildApp(
      {
        config: restored.config,
        db,
        storage: restored.storage,
        mailer: new MemoryMailer(),
        sms: new MemorySms(),
        clock,
        processor: createProcessor({}),
      },
      { logger: false },
    );
    try {
      const rows = await db.selectFrom('media').selectAll().execute();
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        // Every original is the uploaded file, byte for byte, and its row's checksum says so.
        const bytes = await readStored(restored.storage, row.original_key);
        expect(bytes.equals(originals.get(row.title)!), row.title).toBe(true);
        expect(sha256(bytes)).toBe(row.sha256);
        for (const column of FILE_COLUMNS)
          if (row[column]) expect(await restored.storage.stat(row[column]), `${row.title} ${column}`).not.toBeNull();
      }
      expect(rows.map((r) => r.title)).toEqual(expect.arrayContaining(['before-0', 'before-1', 'before-2']));

      const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: anna.email, password: PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      const list = await app.inject({
        url: '/api/media/audio/',
        headers: { authorization: `Bearer ${bodyOf(login, loginAnswerSchema).access}` },
      });
      expect(list.statusCode).toBe(200);
      const answer = list.json<{ title: string }[] | { results: { title: string }[] }>();
      const items = Array.isArray(answer) ? answer : answer.results;
      expect(items.map((i) => i.title)).toEqual(expect.arrayContaining(['before-0', 'before-1', 'before-2']));
    } finally {
      await app.close();
      await db.destroy();
    }

    // It never overwrites: the same place, now full, is refused.
    const again = await restoreBackup({
      config: restored.config,
      storage: restored.storage,
      from: dir,
      env: { ...process.env, ...s3TestEnv(), SECRET_KEY },
      log: () => {},
    }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(RestoreError);
    expect((again as Error).message).toMatch(/never overwrites a database|holds tables/);
  }, 120_000);

  it('refuses a backup whose file does not match its checksum, writing nothing', async () => {
    const object = manifest.media.objects[0]!;
    const env = { ...process.env, ...s3TestEnv(), SECRET_KEY };
    const source = mediaTo
      ? storageFromConfig({ dataDir: dir, mediaStorage: loadConfig({ ...env, DATA_DIR: dir, MEDIA_STORAGE: mediaTo }).mediaStorage })
      : undefined;
    const original = source ? await readStored(source, object.key) : readFileSync(path.join(dir, 'media', object.key));
    const tampered = Buffer.from(original);
    tampered[tampered.length - 1] = tampered.at(-1)! ^ 0xff;
    if (source) await source.put(object.key, Readable.from([tampered]));
    else writeFileSync(path.join(dir, 'media', object.key), tampered);

    const place = await emptyPlace();
    try {
      const refused = await restoreBackup({ config: place.config, storage: place.storage, from: dir, env, log: () => {} }).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(RestoreError);
      expect((refused as Error).message).toBe(`${object.key} does not match the manifest's checksum`);
      if (place.config.database.dialect === 'sqlite') expect(existsSync(place.config.database.file)).toBe(false);
      const left: string[] = [];
      for await (const { key } of place.storage.list('')) left.push(key);
      expect(left).toEqual([]);
      expect(readdirSync(place.config.dataDir).filter((f) => f !== 'out')).toEqual([]);
    } finally {
      if (source) await source.put(object.key, Readable.from([original]));
      else writeFileSync(path.join(dir, 'media', object.key), original);
      await place.drop();
    }
  }, 120_000);

  it('reads nothing outside the backup’s folder and follows no symbolic link there, writing nothing', async () => {
    const env = { ...process.env, ...s3TestEnv(), SECRET_KEY };
    const place = await emptyPlace();
    const root = await tempDir('kopilka-hostile-backup-');
    let n = 0;
    /** A copy of the backup, changed by `change` (given the copy's folder and its manifest), and the restore's refusal of it. */
    const refusal = async (change: (copy: string, m: Manifest) => Manifest | void): Promise<string> => {
      const copy = path.join(root, `copy-${n++}`);
      cpSync(dir, copy, { recursive: true });
      const m = JSON.parse(readFileSync(path.join(copy, MANIFEST), 'utf8')) as Manifest;
      writeFileSync(path.join(copy, MANIFEST), JSON.stringify(change(copy, m) ?? m));
      const res = await restoreBackup({ config: place.config, storage: place.storage, from: copy, env, log: () => {} }).catch(
        (e: unknown) => e,
      );
      expect(res).toBeInstanceOf(RestoreError);
      // Nothing was written: no database, no file in the storage.
      if (place.config.database.dialect === 'sqlite') expect(existsSync(place.config.database.file)).toBe(false);
      for await (const { key } of place.storage.list('')) expect.unreachable(`${key} was written`);
      return (res as Error).message;
    };
    const dbName = manifest.database.file;
    try {
      // The database named by a path outside the folder, with the checksum of what is there.
      const outside = path.join(root, 'outside.db');
      cpSync(path.join(dir, dbName), outside);
      expect(await refusal((_c, m) => ({ ...m, database: { ...m.database, file: '../outside.db' } }))).toMatch(/names the database/);
      expect(await refusal((_c, m) => ({ ...m, database: { ...m.database, file: outside } }))).toMatch(/names the database/);
      // The database file a link to a file elsewhere (the same bytes, so every checksum matches).
      expect(
        await refusal((copy) => {
          rmSync(path.join(copy, dbName));
          symlinkSync(outside, path.join(copy, dbName));
        }),
      ).toMatch(/symbolic link/);
      // The manifest itself a link.
      expect(
        await refusal((copy) => {
          renameSync(path.join(copy, MANIFEST), path.join(root, `manifest-${n}.json`));
          symlinkSync(path.join(root, `manifest-${n}.json`), path.join(copy, MANIFEST));
        }),
      ).toMatch(/symbolic link/);
      // Media said to be somewhere else on this machine, or named by a key that climbs out.
      expect(await refusal((_c, m) => ({ ...m, media: { ...m.media, location: 'local' } }))).toMatch(/names the media/);
      expect(
        await refusal((_c, m) => ({
          ...m,
          media: { ...m.media, objects: [...m.media.objects, { key: `../../${path.basename(root)}/outside.db`, ...m.database }] },
        })),
      ).toMatch(/no stored key/);
      if (!mediaTo) {
        const key = manifest.media.objects[0]!.key;
        // One file of the media a link to a copy elsewhere; then a whole folder of it.
        expect(
          await refusal((copy) => {
            const file = path.join(copy, 'media', key);
            cpSync(file, path.join(root, `object-${n}`));
            rmSync(file);
            symlinkSync(path.join(root, `object-${n}`), file);
          }),
        ).toMatch(/symbolic link/);
        expect(
          await refusal((copy) => {
            const folder = path.join(copy, 'media', key.split('/')[0]!);
            mkdirSync(path.join(root, `folder-${n}`));
            renameSync(folder, path.join(root, `folder-${n}`, 'u'));
            symlinkSync(path.join(root, `folder-${n}`, 'u'), folder);
          }),
        ).toMatch(/symbolic link/);
      }
    } finally {
      await place.drop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
