import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { root } from '../../support/processes.ts';

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

/**
 * `@redocly/cli lint` of the description the server serves, with the recommended rules less those the
 * committed redocly.yaml turns off (each with its reason): no error and no warning. Offline: no telemetry, no
 * update check. About a second.
 */
describe('the API description under @redocly/cli lint', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-redocly-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes the recommended rules', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, (await t.app.inject({ url: '/api/openapi.json' })).body);
    const cli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const run = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' } },
    ).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const report = JSON.parse(run.stdout) as { problems: Problem[] };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(problems).toEqual([]);
  });
});
