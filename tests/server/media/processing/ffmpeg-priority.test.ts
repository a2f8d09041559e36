import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProcessor } from '../../../../server/media/processing/processor.ts';
import { JOB_NICENESS } from '../../../../server/media/processing/ffmpeg-jobs.ts';

/** The niceness of each ffmpeg process this test process has started and that still runs (Linux /proc). */
function ffmpegNiceness(): number[] {
  const children = readdirSync('/proc/self/task').flatMap((tid) =>
    readFileSync(`/proc/self/task/${tid}/children`, 'utf8').split(' ').filter(Boolean),
  );
  return children.flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(ffmpeg)')) return [];
      // Fields after the command name: state is the 3rd field, niceness the 19th.
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return [];
    }
  });
}

/** Waits until an ffmpeg child runs and returns the niceness of each. */
async function whileRunning(): Promise<number[]> {
  const end = Date.now() + 20_000;
  for (;;) {
    const found = ffmpegNiceness();
    if (found.length) return found;
    if (Date.now() > end) throw new Error('no ffmpeg process started');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * ffmpeg runs of processing jobs yield the cores to the requests of their process; the header check
 * of an upload (which the uploader waits for) runs at the process's own priority.
 */
describe.runIf(process.platform === 'linux')('the priority of ffmpeg runs', () => {
  const processor = createProcessor({});

  it('runs a processing job’s decode at a lower priority', async () => {
    const input = new PassThrough(); // no bytes yet: ffmpeg waits on it while the test looks
    const run = processor.analyzeAudio({ open: () => input, container: 'webm' }).catch(() => null);
    expect(await whileRunning()).toEqual([JOB_NICENESS]);
    input.end();
    await run;
  });

  it('runs an upload’s header check at the process’s own priority', async () => {
    const input = new PassThrough();
    const run = processor.checkVideo({ open: () => input, container: 'webm' }).catch(() => null);
    // The process's own niceness (0 unless the test run itself was started under nice).
    expect(await whileRunning()).toEqual([os.getPriority()]);
    input.end();
    await run;
  });
});
