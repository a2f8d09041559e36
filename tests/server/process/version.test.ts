import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../../server/db/migrate.ts';
import { Metrics } from '../../../server/metrics/metrics.ts';
import { VERSION } from '../../../server/version.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { root } from '../../support/processes.ts';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The release an operator sees (issue 46, item 1): one version, from package.json, everywhere it is shown. */
describe('the version', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('is package.json’s, a release the changelog has a section for', () => {
    const pkg = JSON.parse(read('package.json')) as { version: string };
    expect(VERSION).toBe(pkg.version);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read('CHANGELOG.md')).toMatch(new RegExp(`^## \\[${VERSION.replace(/\./g, '\\.')}\\] – `, 'm'));
  });

  it('is the metric kopilka_build_info{version}, always 1', async () => {
    const text = await new Metrics().registry.metrics();
    expect(text).toContain(`kopilka_build_info{version="${VERSION}"} 1`);
  });

  it('is what `npm run admin -- version` prints, with how far the database is', async () => {
    const dir = await tempDir('kopilka-version-');
    dirs.push(dir);
    const { DATABASE_URL: _db, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: dir };
    const admin = (...args: string[]) =>
      execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: root, env, encoding: 'utf8' });
    const before = JSON.parse(admin('version', '--json')) as Record<string, unknown>;
    expect(before).toMatchObject({ version: VERSION, schema: null, state: 'empty', newest_migration: MIGRATION_NAMES.at(-1) });
    execFileSync('npm', ['run', '--silent', 'migrate'], { cwd: root, env, encoding: 'utf8' });
    const text = admin('version');
    expect(text).toContain(`Копилка ${VERSION}`);
    expect(text).toContain(`database schema: ${MIGRATION_NAMES.at(-1)}, this release's newest ${MIGRATION_NAMES.at(-1)}: up to date`);
  });

  it('has its migrations in docs/backups-and-upgrades.md, each under the release that brings it', () => {
    const upgrades = read('docs/backups-and-upgrades.md');
    const table = upgrades.slice(upgrades.indexOf('## What each release migrates'));
    for (const name of MIGRATION_NAMES) expect(table, name).toMatch(new RegExp(`\\b${name.slice(0, 3)}\\b`));
    expect(table).toContain(`[${VERSION}]`);
  });
});
