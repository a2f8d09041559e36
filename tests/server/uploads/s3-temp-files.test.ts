import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock.ts';
import { createDb } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { insertConfirmedUser, tempDir } from '../support/media-fixtures.ts';
import { S3RVER_CREDENTIALS, startS3rver, type S3rverProcess } from '../support/s3rver.ts';
import { uploadMetadata } from '../support/tus.ts';
import { freePort, startApiProcess, type ApiProcess } from '../../support/processes.ts';
import { until } from '../../support/until.ts';

/**
 * The real API process (server/process/api.ts) with the media in a bucket and no jobs of its own (RUN_JOBS=false,
 * as in a deployment): the parts tus's S3 store writes to disk while a PATCH streams in are under its
 * DATA_DIR (a folder of its own), never in the system's temporary folder, and what a process killed mid-PATCH
 * left there is removed when the next one starts, however fresh.
 */
const SECRET_KEY = 'uploads-s3-temp-test-secret-key-0123456789abcdef';
const MiB = 1024 * 1024;

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
/** The system's temporary folder, but for tsx's compile cache (made as the process loads, before it reads any setting). */
const workIn = (systemTemp: string) => filesIn(systemTemp).filter((name) => !name.startsWith('tsx-'));

describe('tus uploads to a bucket through a killed API process', () => {
  let dir: string;
  let dataDir: string;
  let systemTemp: string;
  let s3: S3rverProcess;
  let port: number;
  let server: ApiProcess | null = null;
  let headers: Record<string, string>;

  /** This API process's own temporary folder (the process index of a lone `npm start` is 0). */
  const workDir = () => path.join(dataDir, 'work', 'tmp', `${os.hostname()}-0`);
  const slot = (name: string) => path.join(dataDir, 'work', 'tmp', name);
  const url = (p: string) => `http://127.0.0.1:${port}${p}`;

  async function start(): Promise<void> {
    server = startApiProcess({
      TMPDIR: systemTemp,
      SERVE_WEB: 'false',
      RUN_JOBS: 'false',
      PORT: String(port),
      DATA_DIR: dataDir,
      SECRET_KEY,
      MEDIA_STORAGE: s3.mediaStorage('temp-test'),
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    // A minute: on two cores shared with other test runs, tsx's start alone has taken over 20 s.
    await until('the server to answer', async () => (await fetch(url('/api/health/')).catch(() => null))?.ok === true, 60_000);
  }

  async function kill(): Promise<void> {
    await server!.stop('SIGKILL');
    server = null;
  }

  beforeAll(async () => {
    dir = await tempDir('kopilka-s3-temp-');
    dataDir = path.join(dir, 'data');
    systemTemp = path.join(dir, 'system-tmp');
    mkdirSync(systemTemp, { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    [s3, port] = await Promise.all([startS3rver(), freePort()]);
    const db = createDb({ dialect: 'sqlite', file: path.join(dataDir, 'kopilka.sqlite') });
    await migrate(db);
    headers = (await insertConfirmedUser(db, SECRET_KEY, systemClock, 'tmp')).headers;
    await db.destroy();
  }, 60_000);

  afterAll(async () => {
    if (server) await kill();
    await s3?.stop();
  });

  it('keeps the parts being written under DATA_DIR and removes the stale ones at the next start', { timeout: 90_000 }, async () => {
    await start();
    const length = 9 * MiB;
    const created = await fetch(url('/api/uploads/'), {
      method: 'POST',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': uploadMetadata({ kind: 'audio', title: 'Оборвано', filename: 'long.wav' }),
      },
    });
    expect(created.status, server!.stderr() + (await created.text())).toBe(201);

    // A PATCH that sends 1 MiB of its 9 and then waits, its connection open.
    const patch = http.request(new URL(created.headers.get('location')!, url('/')), {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
    });
    patch.on('error', () => {}); // the server dies under it
    patch.write(Buffer.alloc(MiB, 7));
    await until('the part to be written', () => filesIn(workDir()).length + workIn(systemTemp).length > 0, 30_000);
    expect(workIn(systemTemp)).toEqual([]);
    expect(filesIn(workDir()).length).toBeGreaterThan(0);

    await kill();
    patch.destroy();
    // What the killed process left is minutes old: no age rule would take it yet.
    expect(filesIn(workDir()).length).toBeGreaterThan(0);
    // Beside it: the folder of a process on another host sharing DATA_DIR (busy now), and one gone for hours.
    mkdirSync(slot('other-host-0'), { recursive: true });
    writeFileSync(path.join(slot('other-host-0'), 'busy'), 'x');
    mkdirSync(slot('gone-host-0'), { recursive: true });
    writeFileSync(path.join(slot('gone-host-0'), 'old'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(slot('gone-host-0'), twoHoursAgo, twoHoursAgo);

    await start();
    // The next start (no jobs of its own: RUN_JOBS=false) empties its own folder, and the one of a gone process.
    expect(filesIn(workDir())).toEqual([]);
    expect(filesIn(slot('other-host-0'))).toEqual(['busy']);
    expect(existsSync(slot('gone-host-0'))).toBe(false);
    expect(workIn(systemTemp)).toEqual([]);
    expect(server!.stdout()).toMatch(/removed \d+ temporary file\(s\) a stopped process left/);
  });
});
