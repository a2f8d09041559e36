import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config.ts';
import { useStorageWorkDirAsTemp } from '../../../server/process/start.ts';

/** The API process's temporary folder under DATA_DIR when the media are in a bucket (work/tmp/<host>-<slot>). */
describe('the temporary folder of an API process with the media in a bucket', () => {
  let dataDir: string;
  const tmpdir = process.env.TMPDIR;
  // Only its kind is read here.
  const s3 = { kind: 's3' } as Config['mediaStorage'];
  const slots = () => path.join(dataDir, 'work', 'tmp');

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopilka-work-temp-'));
  });
  afterEach(async () => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is <host>-0 for the one process of WEB_CONCURRENCY=1, emptied of what a killed one left', async () => {
    const own = path.join(slots(), `${os.hostname()}-0`);
    await mkdir(own, { recursive: true });
    await writeFile(path.join(own, 'part-1'), 'x');
    const removed = await useStorageWorkDirAsTemp({ dataDir, mediaStorage: s3, webConcurrency: 1 });
    expect(removed).toBe(1);
    expect(process.env.TMPDIR).toBe(own);
    expect(await readdir(own)).toEqual([]);
  });

  it('is a slot of its own for the primary of several processes: process 0 empties its slot while the others start', async () => {
    // What a fork writes into the primary's TMPDIR as it loads (tsx's cache) is not in process 0's slot.
    const zero = path.join(slots(), `${os.hostname()}-0`);
    await mkdir(zero, { recursive: true });
    await useStorageWorkDirAsTemp({ dataDir, mediaStorage: s3, webConcurrency: 2 });
    expect(process.env.TMPDIR).toBe(path.join(slots(), `${os.hostname()}-primary`));
    expect(process.env.TMPDIR).not.toBe(zero);
  });

  it('leaves another process’s slot in use, and removes one left untouched for over an hour', async () => {
    const other = path.join(slots(), 'other-host-1');
    const gone = path.join(slots(), 'gone-host-0');
    await mkdir(other, { recursive: true });
    await mkdir(gone, { recursive: true });
    await writeFile(path.join(other, 'part'), 'x');
    await writeFile(path.join(gone, 'part'), 'x');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(gone, dayAgo, dayAgo);
    await useStorageWorkDirAsTemp({ dataDir, mediaStorage: s3, webConcurrency: 1 });
    expect((await readdir(slots())).sort()).toEqual([`${os.hostname()}-0`, 'other-host-1'].sort());
  });
});
