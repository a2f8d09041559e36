import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProcessor } from '../../../../server/media/processing/processor.ts';
import { JOB_NICENESS } from '../../../../server/media/processing/ffmpeg-jobs.ts';

/** Each ffmpeg process this test process has started and that still runs, with its niceness (Linux /proc). */
function ffmpegChildren(): { pid: string; niceness: number }[] {
  // A thread may end between the listing and the read (the server tests share one process): it has no children then.
  const children = readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return readFileSync(`/proc/self/task/${tid}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      return [];
    }
  });
  return children.flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(ffmpeg)')) return [];
      // Fields after the command name: state is the 3rd field, niceness the 19th.
      return [{ pid, niceness: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) }];
    } catch {
      return [];
    }
  });
}

/**
 * Starts `run` and returns the niceness of each ffmpeg it started, found while it waits on its input; the ffmpeg
 * runs already there before (another test's, still ending) are not counted. The input is ended whatever happens.
 */
async function nicenessWhile(input: PassThrough, run: () => Promise<unknown>): Promise<number[]> {
  const before = new Set(ffmpegChildren().map((c) => c.pid));
  const running = run();
  try {
    const end = Date.now() + 20_000;
    for (;;) {
      const found = ffmpegChildren().filter((c) => !before.has(c.pid));
      if (found.length) return found.map((c) => c.niceness);
      if (Date.now() > end) throw new Error('no ffmpeg process started');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    input.end();
    await running;
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
    const niceness = await nicenessWhile(input, () => processor.analyzeAudio({ open: () => input, container: 'webm' }).catch(() => null));
    expect(niceness).toEqual([JOB_NICENESS]);
  });

  it('runs an upload’s header check at the process’s own priority', async () => {
    const input = new PassThrough();
    const niceness = await nicenessWhile(input, () => processor.checkVideo({ open: () => input, container: 'webm' }).catch(() => null));
    // The process's own niceness (0 unless the test run itself was started under nice).
    expect(niceness).toEqual([os.getPriority()]);
  });
});
