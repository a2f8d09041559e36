import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../../server/web/ensure-build.ts';
import { tempDir } from '../support/media-fixtures.ts';

/** `npm start` builds the export only when it is missing or older than its sources. */
describe('ensureWebBuild', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A project whose `next build` only counts its runs and writes one page. */
  async function project() {
    const root = await tempDir('kopilka-build-');
    dirs.push(root);
    const outDir = path.join(root, 'out');
    const builds = path.join(root, 'builds.txt');
    mkdirSync(path.join(root, 'node_modules/next/dist/bin'), { recursive: true });
    writeFileSync(
      path.join(root, 'node_modules/next/dist/bin/next'),
      `const fs = require('node:fs');
fs.appendFileSync(${JSON.stringify(builds)}, 'build\\n');
fs.mkdirSync(${JSON.stringify(outDir)}, { recursive: true });
fs.writeFileSync(${JSON.stringify(path.join(outDir, 'index.html'))}, '<!doctype html><title>x</title>');`,
    );
    writeFileSync(path.join(root, 'package.json'), '{}'); // CommonJS for the stand-in script
    mkdirSync(path.join(root, 'app'));
    const page = path.join(root, 'app', 'page.tsx');
    writeFileSync(page, 'export default function Page() { return null; }');
    return { root, outDir, page, runs: () => readFileSync(builds, 'utf8').split('\n').filter(Boolean).length };
  }

  it('does not build again when no source changed, whatever the sub-millisecond part of their times', async () => {
    const p = await project();
    const t = 1_700_000_000 + 0.0004567; // seconds, with a fraction of a millisecond as file systems keep it
    utimesSync(p.page, t, t);
    utimesSync(path.dirname(p.page), t, t);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect(p.runs()).toBe(1);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect(p.runs()).toBe(1);
  });

  it('builds again when a source is newer than the export', async () => {
    const p = await project();
    ensureWebBuild(p.root, p.outDir, () => {});
    const later = Date.now() / 1000 + 5;
    utimesSync(p.page, later, later);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect(p.runs()).toBe(2);
  });
});
