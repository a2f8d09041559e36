import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPort, outputOf, root } from './support.ts';

const TARGET_MS = 500;

/**
 * Opening /audio with 2,000 records in Debian's Chromium on localhost: the browser test
 * tests/e2e/audio-large-list.spec.ts (the real server, its own port and data folder) measures, in the page's
 * own clock, when the first row is on screen — five times right after the list changed (the server builds its
 * bytes anew; the first of them also the first visit of the page in that browser), each followed by an open
 * with the bytes kept — and this prints the median and the slowest beside the target. Playwright's trace
 * recorder is off for it: the DOM snapshots it takes in the page at every step cost the page ~200 ms of its
 * main thread, which no visitor's browser spends.
 */
export async function benchAudioPage(): Promise<void> {
  const dataDir = path.join(os.tmpdir(), `kopilka-bench-audio-page-${process.pid}`);
  const port = await benchPort();
  const output = await outputOf(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '--trace', 'off', 'tests/e2e/audio-large-list.spec.ts'],
    {
      cwd: root,
      env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_OUTPUT_DIR: path.join(dataDir, 'results') },
    },
  ).finally(() => rmSync(dataDir, { recursive: true, force: true }));
  const m = /first row after ([\d ]+) ms when built anew, ([\d ]+) ms when kept/.exec(output);
  if (!m) throw new Error(`the browser test printed no figure:\n${output}`);
  const [built, kept] = [m[1]!, m[2]!].map((list) => list.trim().split(/\s+/).map(Number));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`/audio with 2,000 records in Chromium (localhost), first row on screen, ${built!.length} opens each:`);
  for (const [label, times, extra] of [
    ['list built anew (just changed)', built!, `, first visit ${built![0]} ms`],
    ['list kept (opened again)', kept!, ''],
  ] as const) {
    const mid = median(times);
    console.log(
      `  ${label.padEnd(31)} median ${String(mid).padStart(4)} ms, slowest ${String(Math.max(...times)).padStart(4)} ms${extra} (target ≤ ${TARGET_MS} ms: ${mid <= TARGET_MS ? 'met' : 'NOT met'})`,
    );
  }
}
