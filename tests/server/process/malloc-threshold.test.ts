import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS } from '../../../server/accounts/passwords.ts';
import { root } from '../../support/processes.ts';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
/** What argon2 takes for each hash, in bytes (memoryCost is in KiB). */
const ARGON2_BYTES = ARGON2_OPTIONS.memoryCost * 1024;

/**
 * Resident memory a fresh node process gains by checking a password `rounds` × 8 at once with our argon2
 * parameters, in MiB, with `env` added to its environment.
 */
function rssGainOfSignIns(env: Record<string, string>, rounds = 3): number {
  const script = `
    import argon2 from 'argon2';
    const options = ${JSON.stringify({ ...ARGON2_OPTIONS, type: 'argon2id' })};
    options.type = argon2.argon2id;
    const hash = await argon2.hash('password-of-the-test', options);
    const before = process.memoryUsage().rss;
    for (let r = 0; r < ${rounds}; r++) await Promise.all(Array.from({ length: 8 }, () => argon2.verify(hash, 'password-of-the-test')));
    console.log((process.memoryUsage().rss - before) / 1048576);
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: undefined, ...env },
    encoding: 'utf8',
  });
  return Number(out.trim());
}

/** The MALLOC_MMAP_THRESHOLD_ a command line or file sets, or null. */
const thresholdIn = (text: string | undefined) => /MALLOC_MMAP_THRESHOLD_=(\d+)/.exec(text ?? '')?.[1] ?? null;

/**
 * glibc keeps a freed block below its mmap threshold for the next malloc, and raises that threshold to the
 * size of a mapped block once it is freed. So after the first sign-in argon2's 19 MiB came from each libuv
 * thread's arena and stayed there: 80 MB more after a burst of sign-ins, for the life of the process
 * (`npm run bench -- load`: 390 MB at the peak against 307 MB with the threshold set).
 */
describe('the malloc threshold every start of the server sets', () => {
  const value = thresholdIn(scripts.start);

  it('is set by npm start and npm run worker, the systemd units and the image, the same everywhere, below argon2’s block', () => {
    expect(value).not.toBeNull();
    expect(Number(value)).toBeLessThan(ARGON2_BYTES);
    expect(scripts.start).toMatch(/^MALLOC_MMAP_THRESHOLD_=\d+ exec node --import tsx server\/process\/api\.ts$/);
    expect(thresholdIn(scripts.worker)).toBe(value);
    for (const unit of ['deploy/kopilka-api@.service', 'deploy/kopilka-worker@.service'])
      expect(read(unit), unit).toMatch(new RegExp(`^Environment=MALLOC_MMAP_THRESHOLD_=${value}$`, 'm'));
    expect(thresholdIn(read('Dockerfile'))).toBe(value);
  });

  it('gives argon2’s memory back after a burst of sign-ins', () => {
    // Four libuv threads each keep a block of 19 MiB without it; with it, what stays is far less than one.
    const kept = rssGainOfSignIns({ MALLOC_MMAP_THRESHOLD_: value! });
    expect(kept).toBeLessThan(ARGON2_BYTES / 1048576);
  });

  it('is what that takes: without it the same burst keeps more than two of argon2’s blocks', () => {
    expect(rssGainOfSignIns({})).toBeGreaterThan((2 * ARGON2_BYTES) / 1048576);
  });
});
