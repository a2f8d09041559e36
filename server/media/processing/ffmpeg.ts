import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** Where Debian and most systems put their ffmpeg, looked at when PATH has none (a service's PATH may be bare). */
export const SYSTEM_FFMPEG_DIRS = ['/usr/bin', '/usr/local/bin'];

/** The ffmpeg that runs: its path, and the version of the static build shipped in npm when it is that one. */
export interface FfmpegChoice {
  path: string;
  bundled: { version: string } | null;
}

/** Where to look (tests give their own). */
export interface FfmpegSearch {
  /** PATH, as the environment has it. */
  pathEnv?: string;
  systemDirs?: string[];
}

/**
 * Which ffmpeg to run: FFMPEG_PATH, else the system's (`ffmpeg` on PATH, else in /usr/bin or
 * /usr/local/bin), and only when there is none the static binary shipped by @ffmpeg-installer/ffmpeg
 * — an old build (4.1, 2018) that processes untrusted uploads, kept so a bare `npm install` still
 * processes media. Whichever path is chosen, it is the bundled build when it resolves to that binary.
 */
export function chooseFfmpeg(configured?: string, search: FfmpegSearch = {}): FfmpegChoice {
  const installed = bundledFfmpeg();
  const choice = (file: string): FfmpegChoice => ({
    path: file,
    bundled: installed && sameFile(file, installed.path) ? { version: installed.version } : null,
  });
  if (configured) return choice(configured);
  const pathDirs = (search.pathEnv ?? process.env.PATH ?? '').split(path.delimiter);
  for (const dir of [...pathDirs, ...(search.systemDirs ?? SYSTEM_FFMPEG_DIRS)]) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    try {
      accessSync(candidate, constants.X_OK);
      return choice(candidate);
    } catch {
      /* keep looking */
    }
  }
  return installed ? choice(installed.path) : { path: 'ffmpeg', bundled: null };
}

/** The path of the ffmpeg to run (chooseFfmpeg). */
export function resolveFfmpeg(configured?: string): string {
  return chooseFfmpeg(configured).path;
}

/**
 * The one line a process prints at start when the ffmpeg it runs is the bundled static build, naming
 * its version; null for any other ffmpeg.
 */
export function bundledFfmpegWarning(choice: FfmpegChoice): string | null {
  if (!choice.bundled) return null;
  return (
    `Копилка: warning: ffmpeg is the static build ${choice.bundled.version} shipped in npm, from 2018, and it processes every upload; ` +
    `install the system's (Debian: apt-get install ffmpeg) or set FFMPEG_PATH`
  );
}

/** The static build of @ffmpeg-installer: its path, and its release with the snapshot it was built from ("4.1.0, build 20181210-…"). */
function bundledFfmpeg(): { path: string; version: string } | null {
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string; version: string };
    let release: string | undefined;
    try {
      release = (JSON.parse(readFileSync(path.join(path.dirname(installer.path), 'package.json'), 'utf8')) as { version?: string }).version;
    } catch {
      /* the snapshot alone then */
    }
    return {
      path: installer.path,
      version: release && release !== installer.version ? `${release}, build ${installer.version}` : installer.version,
    };
  } catch {
    return null;
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    public readonly stderr: string,
  ) {
    super(message);
  }
}

export interface RunOptions {
  /** Written to ffmpeg's stdin (an input read as pipe:0, see pipeInputArgs); destroyed once ffmpeg ends. */
  stdin?: Readable;
  /** Called with every stdout chunk (ffmpeg writing to pipe:1). */
  onStdout?: (chunk: Buffer) => void;
  timeoutMs: number;
  /** Exit codes treated as success (probing with no output exits 1). */
  okCodes?: number[];
  /**
   * The demuxer the input was opened with (see inputArgs), or one per input in order. ffmpeg must
   * report each (`Input #N, <name>`, printed at log level info) before anything else: another name, or
   * none, stops the run as failed.
   */
  opens?: string | string[];
  /** Written to file descriptors 3, 4, … (inputs read as pipe:3, pipe:4, …; see pipeInputArgs); destroyed once ffmpeg ends. */
  inputs?: Readable[];
  /**
   * The niceness ffmpeg runs at (0 unless given): a processing job's run yields the cores to the
   * requests of the process that started it, and takes whatever they leave.
   */
  niceness?: number;
  /** Called with every chunk ffmpeg writes to the descriptors after `inputs` (outputs written as pipe:N, see extraFds). */
  outputs?: ((chunk: Buffer) => void)[];
}

/** The descriptors of a run's extra inputs and outputs (RunOptions.inputs, RunOptions.outputs), in order. */
export function extraFds(inputs: number, outputs: number): { inputs: number[]; outputs: number[] } {
  return {
    inputs: Array.from({ length: inputs }, (_, i) => 3 + i),
    outputs: Array.from({ length: outputs }, (_, i) => 3 + inputs + i),
  };
}

/**
 * How ffmpeg opens a user's file: as the given demuxer only, never probed (so never as a playlist,
 * a concat script or any other demuxer that opens further files), with nested opens held to that
 * demuxer too, and from the local file system only (no network, no other protocols).
 */
export function inputArgs(file: string, demuxer: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer, '-i', `file:${file}`];
}

/**
 * inputArgs for bytes written to ffmpeg's stdin (RunOptions.stdin), or to descriptor `fd`
 * (RunOptions.inputs): the pipe is then the only protocol.
 */
export function pipeInputArgs(demuxer: string, fd = 0): string[] {
  return ['-protocol_whitelist', 'pipe', '-format_whitelist', demuxer, '-f', demuxer, '-i', `pipe:${fd}`];
}

/** The demuxer ffmpeg says it opened its first input with ("mov,mp4,m4a,3gp,3g2,mj2"), or null. */
export function openedAs(stderr: string): string | null {
  return /Input #0, ([^\s]+?), from /.exec(stderr)?.[1] ?? null;
}

/**
 * The demuxers ffmpeg says it opened its inputs with, in the order it reported them: [index, name].
 * Only lines that start so count: the metadata ffmpeg prints under an input (a file's own tags, the
 * uploader's to choose) is indented on every line.
 */
export function openedInputs(stderr: string): [number, string][] {
  return [...stderr.matchAll(/^Input #(\d+), ([^\s]+?), from /gm)].map((m) => [Number(m[1]), m[2]!]);
}

/** Whether a reported demuxer ("matroska,webm") is the one asked for ("matroska"). */
export const isDemuxer = (reported: string, demuxer: string) => reported.split(',').includes(demuxer);

const STDERR_KEEP = 64 * 1024;

/** Spawns ffmpeg (never a shell), streams stdout to the callback, keeps the tail of stderr. */
export function runFfmpeg(bin: string, args: string[], opts: RunOptions): Promise<{ stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    const inputs = opts.inputs ?? [];
    const outputs = opts.outputs ?? [];
    const fds = extraFds(inputs.length, outputs.length);
    const child = spawn(bin, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['pipe', 'pipe', 'pipe', ...inputs.map(() => 'pipe' as const), ...outputs.map(() => 'pipe' as const)],
    });
    if (opts.niceness && child.pid !== undefined) {
      try {
        setPriority(child.pid, opts.niceness);
      } catch {
        // Not allowed here (a container without the capability): it runs at the same priority.
      }
    }
    const sources = [...(opts.stdin ? [opts.stdin] : []), ...inputs];
    let stderr = '';
    /** The start of stderr, where ffmpeg names the demuxer it opened each input with. */
    let head = '';
    const expected = opts.opens === undefined ? [] : typeof opts.opens === 'string' ? [opts.opens] : opts.opens;
    let opened = expected.length === 0;
    let settled = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new FfmpegError(`ffmpeg timed out after ${opts.timeoutMs} ms`, stderr));
    }, opts.timeoutMs);
    const finish = (err: Error | null, code = 0) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const source of sources) source.destroy();
      if (err) reject(err);
      else resolve({ stderr, code });
    };
    const listen = (stream: Readable, onChunk: ((chunk: Buffer) => void) | undefined) =>
      stream.on('data', (chunk: Buffer) => {
        try {
          onChunk?.(chunk);
        } catch (err) {
          child.kill('SIGKILL');
          finish(err as Error);
        }
      });
    listen(child.stdout, opts.onStdout);
    fds.outputs.forEach((fd, i) => listen(child.stdio[fd] as Readable, outputs[i]));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      stderr += s;
      if (stderr.length > STDERR_KEEP * 2) stderr = stderr.slice(-STDERR_KEEP);
      if (!opened && head.length < STDERR_KEEP) {
        head += s;
        const reported = openedInputs(head);
        // Inputs are reported in order, each before anything of the next: the first one out of place stops the run.
        for (const [k, [index, name]] of reported.entries()) {
          const want = expected[k];
          if (index !== k || want === undefined || !isDemuxer(name, want)) {
            child.kill('SIGKILL');
            const which = expected.length === 1 ? 'the input' : `input #${index}`;
            finish(new FfmpegError(`ffmpeg opened ${which} as ${name}, not ${want ?? 'nothing'}`, stderr));
            return;
          }
        }
        if (reported.length >= expected.length) opened = true;
      }
    });
    // ffmpeg may stop reading early (a header is all it needed): a broken pipe is no failure.
    const feed = (source: Readable, sink: Writable) => {
      sink.on('error', () => {});
      // The source failing (storage unreachable) fails the run, whatever ffmpeg made of the bytes so far.
      source.on('error', (err) => {
        child.kill('SIGKILL');
        finish(err);
      });
      source.pipe(sink);
    };
    if (!opts.stdin) {
      child.stdin.on('error', () => {});
      child.stdin.end();
    } else feed(opts.stdin, child.stdin);
    fds.inputs.forEach((fd, i) => feed(inputs[i]!, child.stdio[fd] as Writable));
    child.on('error', (err) => finish(new FfmpegError(`ffmpeg could not start: ${err.message}`, stderr)));
    child.on('close', (code, signal) => {
      const ok = code !== null && (code === 0 || (opts.okCodes ?? []).includes(code));
      if (ok && !opened) finish(new FfmpegError(`ffmpeg did not report opening its inputs as ${expected.join(', ')}`, stderr));
      else if (ok) finish(null, code);
      else finish(new FfmpegError(`ffmpeg exited with ${code ?? signal}: ${lastLines(stderr)}`, stderr));
    });
  });
}

const lastLines = (s: string) => s.trim().split(/\r?\n/).slice(-3).join(' | ').slice(0, 500);

/** "01:02:03.45" → seconds. */
export function parseClock(value: string): number | null {
  const m = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!m) return null;
  const s = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  return m[1] ? -s : s;
}

/** The last `time=` of ffmpeg's progress output: how far it got through the input. */
export function lastProgressTime(stderr: string): number | null {
  const all = [...stderr.matchAll(/time=\s*(-?\d+:\d{2}:\d{2}(?:\.\d+)?)/g)];
  const last = all.at(-1);
  return last ? parseClock(last[1]!) : null;
}

export interface ProbeInfo {
  format: string;
  duration: number | null;
  video: { codec: string; width: number; height: number; rotation: number } | null;
  audio: { codec: string } | null;
  /** The container's own tags (its `Metadata:` block before `Duration:`), by ffmpeg's names: creation_time, … */
  tags: Map<string, string>;
}

/** Reads what `ffmpeg -i file` prints about the first input (no ffprobe needed). */
export function parseProbe(stderr: string): ProbeInfo {
  const input = openedAs(stderr);
  const dur = /Duration: (N\/A|\d+:\d{2}:\d{2}(?:\.\d+)?)/.exec(stderr);
  let video: ProbeInfo['video'] = null;
  let audio: ProbeInfo['audio'] = null;
  const tags = new Map<string, string>();
  const lines = stderr.split(/\r?\n/);
  let inContainer = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*Output #/.test(line)) break;
    // The first input's header, up to its Duration line: `    key : value` lines of its Metadata block
    // (a tag's own text never starts a line of its own, so nothing inside a value can end the block).
    if (/^Input #0, /.test(line)) inContainer = true;
    else if (/^\s*(Duration:|Stream #|Input #)/.test(line)) inContainer = false;
    else if (inContainer) {
      const tag = /^ {4}([\w.:-]+?)\s*: (.*)$/.exec(line);
      if (tag && !tags.has(tag[1]!)) tags.set(tag[1]!, tag[2]!);
    }
    const v = /Stream #0:\d+.*?: Video: (\w+).*?, (\d{2,5})x(\d{2,5})/.exec(line);
    if (v && !video && !/attached pic/.test(line)) {
      let rotation = 0;
      for (let j = i + 1; j < lines.length && j < i + 12; j++) {
        if (/Stream #/.test(lines[j]!)) break;
        const r = /rotation of (-?\d+(?:\.\d+)?) degrees/.exec(lines[j]!) ?? /^\s*rotate\s*:\s*(-?\d+)/.exec(lines[j]!);
        if (r) rotation = Math.round(Number(r[1]));
      }
      video = { codec: v[1]!, width: Number(v[2]), height: Number(v[3]), rotation };
    }
    const a = /Stream #0:\d+.*?: Audio: (\w+)/.exec(line);
    if (a && !audio) audio = { codec: a[1]! };
  }
  return {
    format: input ?? '',
    duration: dur && dur[1] !== 'N/A' ? parseClock(dur[1]!) : null,
    video,
    audio,
    tags,
  };
}
