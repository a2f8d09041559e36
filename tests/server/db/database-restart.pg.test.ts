import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/media-fixtures.ts';
import { createDatabase, dropDatabase, endConnectionsOf } from '../support/pg-operator.ts';
import { freePort, root } from '../../support/processes.ts';

/**
 * The PostgreSQL pass only (a `.pg.test.ts` file: vitest.config.ts leaves it out of the SQLite pass, where
 * there is no pool and no connection to end): a server process whose pooled connections are all ended stays up.
 */

describe('a server process whose PostgreSQL connections are all ended (a restart)', () => {
  it('stays up, says so in one line per lost connection, and serves the next requests on new connections', async () => {
    const { name, url } = await createDatabase('kopilka_pool');
    const port = await freePort();
    const dataDir = await tempDir('kopilka-pool-');
    const { DATABASE_URL: _ignored, MEDIA_STORAGE: _local, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], {
      cwd: root,
      env: {
        ...inherited,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SECRET_KEY: 'pool-test-secret-key-that-is-long-enough-0123',
        SERVE_WEB: 'false',
        SKIP_WEB_BUILD: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; !output.includes('Копилка работает'); i++) {
        if (child.exitCode !== null || i > 300) throw new Error(`the server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = () =>
        fetch(`${base}/api/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
        });
      // Several at once: the pool holds several idle connections afterwards (and the worker its own).
      // Four logins in all: the fifth failed one of an address would be throttled.
      expect((await Promise.all([login(), login(), login()])).map((r) => r.status)).toEqual([401, 401, 401]);

      await endConnectionsOf(name);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(child.exitCode, output).toBeNull();
      // One line (once a minute however many connections went), with pg's words for why.
      const lost = output
        .split('\n')
        .filter((l) => l.includes('a database connection was lost'))
        .map((l) => JSON.parse(l) as { level: number; err: { message: string } });
      expect(lost, output).toHaveLength(1);
      expect(lost[0]!.level).toBe(40);
      expect(lost[0]!.err.message).toMatch(/terminating connection due to administrator command/);
      expect((await login()).status).toBe(401);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await exited;
      await dropDatabase(name);
    }
  }, 60_000);
});
