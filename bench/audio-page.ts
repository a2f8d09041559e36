import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, outputOf, root } from './support.ts';

const TARGET_MS = 500;

/**
 * Opening /audio with 2,000 records in Debian's Chromium on localhost: the browser test
 * tests/e2e/audio-large-list.spec.ts (the real server, its own port and data folder) measures, in the page's
 * own clock, when the first row is on screen — on the first open, when the server builds the list anew, and
 * when opened again — and this prints its figures beside the target.
 */
export async function benchAudioPage(): Promise<void> {
  const dataDir = path.join(os.tmpdir(), `kopilka-bench-audio-page-${process.pid}`);
  const port = await freePort();
  const output = await outputOf(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', 'tests/e2e/audio-large-list.spec.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_OUTPUT_DIR: path.join(dataDir, 'results') },
  }).finally(() => rmSync(dataDir, { recursive: true, force: true }));
  const m = /first row after (\d+) ms on the first open, (\d+) ms opened again/.exec(output);
  if (!m) throw new Error(`the browser test printed no figure:\n${output}`);
  const [first, again] = [Number(m[1]), Number(m[2])];
  console.log('/audio with 2,000 records in Chromium (localhost), first row on screen:');
  for (const [label, ms] of [
    ['first open (list built anew)', first],
    ['opened again', again],
  ] as const)
    console.log(`  ${label.padEnd(29)} ${String(ms).padStart(5)} ms (target ≤ ${TARGET_MS} ms: ${ms <= TARGET_MS ? 'met' : 'NOT met'})`);
}
