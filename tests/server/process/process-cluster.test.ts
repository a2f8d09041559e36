import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthRepository } from '../../../server/auth/repository.ts';
import { Sessions } from '../../../server/auth/sessions.ts';
import { systemClock } from '../../../server/clock.ts';
import { createDb } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { insertConfirmedUser, tempDir } from '../support/media-fixtures.ts';
import { HOME_ONLY_EXPORT, writeExport } from '../support/web-export.ts';
import { freePort, startApiProcess, type ApiProcess } from '../../support/processes.ts';
import { until } from '../../support/until.ts';

/**
 * The real server (server/process/api.ts, as `npm start` runs it) with WEB_CONCURRENCY=2: two processes
 * share the port, and what one of them learns (a throttle's count, an ended session) holds in the
 * other; a process that dies is forked again, and SIGTERM stops them all.
 */
const SECRET_KEY = 'process-cluster-test-secret-key-0123456789abc';

/** The server processes the primary forked (its children running process/api.ts), read from /proc. */
function serverChildren(primary: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === primary && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/process/api.ts')) pids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids.sort((a, b) => a - b);
}

/** CPU time a process has used, in clock ticks (user + system). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start with WEB_CONCURRENCY=2', () => {
  let dir: string;
  let dataDir: string;
  let port: number;
  let primary: ApiProcess | null = null;
  let user: { id: number; token: string };
  let email: string;
  let otherToken: string;

  /** One request on a connection of its own: the primary hands each new connection to the next process. */
  const request = (method: string, pathname: string, token?: string, body?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          method,
          agent: false,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  beforeAll(async () => {
    dir = await tempDir('kopilka-cluster-');
    dataDir = path.join(dir, 'data');
    writeExport(path.join(dir, 'out'), HOME_ONLY_EXPORT);
    mkdirSync(dataDir, { recursive: true });
    const db = createDb({ dialect: 'sqlite', file: path.join(dataDir, 'kopilka.sqlite') });
    await migrate(db);
    user = await insertConfirmedUser(db, SECRET_KEY, systemClock, 'cluster');
    email = 'cluster@example.com';
    otherToken = (await new Sessions(new AuthRepository(db), SECRET_KEY, systemClock).start(user.id, 0))!.access;
    await db.destroy();

    port = await freePort();
    primary = startApiProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      OUT_DIR: path.join(dir, 'out'),
      SECRET_KEY,
      WEB_CONCURRENCY: '2',
    });
    await until('both processes to listen', () => primary!.output().includes('(2 processes)'), 60_000);
  }, 90_000);

  afterAll(async () => {
    if (primary && primary.child.exitCode === null && primary.child.signalCode === null) primary.child.kill('SIGKILL');
  });

  it('serves from two processes that share throttles and sessions through the database', { timeout: 90_000 }, async () => {
    const workers = serverChildren(primary!.child.pid!);
    expect(workers).toHaveLength(2);

    // Both processes answer: each uses CPU time for its share of the connections.
    const before = workers.map(cpuTicks);
    for (let i = 0; i < 200; i += 10)
      expect(await Promise.all(Array.from({ length: 10 }, () => request('GET', '/api/auth/profile/', user.token)))).toEqual(
        Array(10).fill(200),
      );
    const after = workers.map(cpuTicks);
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);

    // Five wrong passwords per account, counted by whichever process answers: the sixth is refused.
    const attempts: number[] = [];
    for (let i = 0; i < 8; i++) attempts.push(await request('POST', '/api/auth/login/', undefined, { email, password: `wrong-${i}-pass` }));
    expect(attempts).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    // A session ended through one process is refused by both at once.
    expect(await request('POST', '/api/auth/sessions/revoke-others/', user.token)).toBe(200);
    const ended = await Promise.all(Array.from({ length: 10 }, () => request('GET', '/api/auth/profile/', otherToken)));
    expect(ended).toEqual(Array(10).fill(401));
  });

  it('forks a process that died again, and stops them all on SIGTERM', { timeout: 90_000 }, async () => {
    const [first, second] = serverChildren(primary!.child.pid!);
    process.kill(second!, 'SIGKILL');
    await until('the process to be forked again', () => {
      const now = serverChildren(primary!.child.pid!);
      return now.length === 2 && now.includes(first!) && !now.includes(second!);
    });
    await until('the new process to listen', () => primary!.output().includes('starting it again'));
    const statuses = await Promise.all(Array.from({ length: 10 }, () => request('GET', '/api/auth/profile/', user.token)));
    expect(statuses).toEqual(Array(10).fill(200));

    const workers = serverChildren(primary!.child.pid!);
    primary!.child.kill('SIGTERM');
    expect((await primary!.exited).code).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
    expect(primary!.output()).not.toMatch(/unhandled|uncaught|failed to start/i);
  });
});
