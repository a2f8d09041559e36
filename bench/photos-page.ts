import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPort, outputOf, root } from './support.ts';

/**
 * /photos with 20,000 photos in Debian's Chromium on localhost: the browser test
 * tests/e2e/photos-large-timeline.spec.ts (the real server, its own port and data folder) measures in the page's
 * own clock when the first tile is on screen (three opens: the first visit, then two with the answers kept),
 * how long a click on the scrubber takes to land on a month two years back with its photos, and the longest task
 * the main thread ran while the wheel scrolled through the months; this prints each beside its target. The
 * trace recorder is off (its DOM snapshots cost the page's main thread what no visitor's browser spends).
 */
export async function benchPhotosPage(): Promise<void> {
  // The same page, with the 20,000 photos one's own, then a partner's shown beside one's own (issue 44's figure).
  for (const of of ['own', 'partner'] as const) await timelineOf(of);
}

async function timelineOf(of: 'own' | 'partner'): Promise<void> {
  const dataDir = path.join(os.tmpdir(), `kopilka-bench-photos-page-${process.pid}`);
  const port = await benchPort();
  const output = await outputOf(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '--trace', 'off', 'tests/e2e/photos-large-timeline.spec.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_DATA_DIR: dataDir,
        E2E_OUTPUT_DIR: path.join(dataDir, 'results'),
        TIMELINE_OF: of,
      },
    },
  ).finally(() => rmSync(dataDir, { recursive: true, force: true }));
  const m = /first tiles after ([\d ]+) ms, a month two years back after (\d+) ms, longest task while scrolling (\d+) ms/.exec(output);
  if (!m) throw new Error(`the browser test printed no figure:\n${output}`);
  const opens = m[1]!.trim().split(/\s+/).map(Number);
  const verdict = (value: number, target: number) => `(target ≤ ${target} ms: ${value <= target ? 'met' : 'NOT met'})`;
  const median = [...opens].sort((a, b) => a - b)[Math.floor(opens.length / 2)]!;
  const whose = of === 'own' ? '20,000 photos' : "a partner's 20,000 photos";
  console.log(`/photos with ${whose} in Chromium (localhost, load average ${os.loadavg()[0]!.toFixed(1)}):`);
  console.log(
    `  first tiles on screen            first visit ${opens[0]} ms, then ${opens.slice(1).join(' and ')} ms; median ${median} ms ${verdict(median, 500)}`,
  );
  console.log(`  scrubber to a month 2 years back ${m[2]} ms ${verdict(Number(m[2]), 500)}`);
  console.log(`  longest task while scrolling     ${m[3]} ms ${verdict(Number(m[3]), 100)}`);
}
