// The README and docs/ as a newcomer reads them: the README short, every link and picture there, every
// variable and script they name real, and the blocks marked ```bash checked run as written (with the example
// paths and database moved to the test's own, and `npm start` stopped once it is ready).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../../server/config.ts';
import { freePort, root } from '../../support/processes.ts';
import { createDatabase, dropDatabase, pgUrl } from '../support/pg-operator.ts';

const PAGES = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(root, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : [])),
];
const read = (page: string) => readFileSync(path.join(root, page), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens (Cyrillic kept). */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (page: string) => new Set([...read(page).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));

/** The prose of a page, its fenced blocks left out (a `#` in a shell comment is no heading, a `](` in code no link). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

describe('the README and docs/', () => {
  it('keep the README to what a newcomer reads in five minutes (at most 250 lines)', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const text = prose(read(page));
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g), ...text.matchAll(/\bsrc="([^"]+)"/g)].map((m) => m[1]!);
      for (const target of targets) {
        if (/^[a-z]+:/i.test(target)) continue; // http(s):, mailto:
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file ? path.normalize(path.join(path.dirname(page), file)) : page;
        if (!existsSync(path.join(root, resolved))) broken.push(`${page}: ${target} (no ${resolved})`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${page}: ${target} (no heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name in the configuration table every variable the configuration reads, and no other', () => {
    const table = read('docs/configuration.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const named = new Set(table.flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
    expect([...named].sort()).toEqual([...new Set([...CONFIG_VARIABLES, 'SKIP_WEB_BUILD'])].sort());
  });

  it('name only npm scripts that exist', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = new Set(PAGES.flatMap((page) => [...read(page).matchAll(/\bnpm run ([a-z][\w:-]*)/g)].map((m) => m[1]!)));
    expect([...named].filter((s) => !scripts.includes(s))).toEqual([]);
  });
});

/** A block of a page marked ```bash checked. */
interface Block {
  page: string;
  line: number;
  text: string;
}
const checkedBlocks: Block[] = PAGES.flatMap((page) =>
  [...read(page).matchAll(/^```bash checked\n([\s\S]*?)^```/gm)].map((m) => ({
    page,
    line: read(page).slice(0, m.index).split('\n').length,
    text: m[1]!,
  })),
);

/** The example values of the pages, and what a test run uses instead. */
const EXAMPLE_DATABASE = 'postgres://kopilka:secret@127.0.0.1:5432/kopilka';
const usesPostgres = (b: Block) => b.text.includes(EXAMPLE_DATABASE);

/**
 * Runs a block with bash in the repository, as a reader would after `npm install`: DATA_DIR and the example
 * folders (/backup/, /srv/kopilka/) in a temp folder, the example database a fresh one of this run's server,
 * no web build (SERVE_WEB=false). A block on the default SQLite finds a Копилка that has run once (its database
 * migrated), as a reader's has. `npm start` starts the server, waits until it is ready and stops it with
 * SIGTERM, which must end it with exit 0.
 */
async function runBlock(block: Block): Promise<{ code: number | null; output: string }> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kopilka-docs-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  let text = block.text.replaceAll('/backup/', `${tmp}/backup/`).replaceAll('/srv/kopilka/', `${tmp}/srv/`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: `${tmp}/srv/data`, SERVE_WEB: 'false', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.MEDIA_STORAGE;
  if (usesPostgres(block)) {
    const { name, url } = await createDatabase('kopilka_docs');
    cleanups.push(() => dropDatabase(name));
    text = text.replaceAll(EXAMPLE_DATABASE, url);
  }
  const port = await freePort();
  const prelude = `set -euo pipefail
export PORT=${port}
${usesPostgres(block) ? '' : 'npm run --silent migrate >/dev/null'}
npm() {
  if [ "$1" != start ]; then command npm "$@"; return; fi
  command npm start & local pid=$!
  for _ in $(seq 1 150); do curl -fsS http://127.0.0.1:${port}/api/health/ready/ >/dev/null 2>&1 && break; sleep 0.2; done
  curl -fsS http://127.0.0.1:${port}/api/health/ready/
  kill -TERM "$pid"; wait "$pid"
}
`;
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', prelude + text], { cwd: root, env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('the commands the pages mark as checked', () => {
  it('are there to run', () => {
    expect(checkedBlocks.length).toBeGreaterThan(1);
  });
  // A PostgreSQL example is a test of the PostgreSQL pass only (npm test runs both passes).
  for (const block of checkedBlocks.filter((b) => !usesPostgres(b) || pgUrl)) {
    it(`${block.page}:${block.line} runs as written`, { timeout: 120_000 }, async () => {
      const { code, output } = await runBlock(block);
      expect(code, output).toBe(0);
    });
  }
});
