import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledFfmpegWarning, chooseFfmpeg } from '../../../../server/media/processing/ffmpeg.ts';
import { tempDir } from '../../support/media-fixtures.ts';
import { root } from '../../../support/processes.ts';

const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string; version: string };
/** The bundled build as the warning names it: its release and the snapshot it was built from. */
const bundled = { path: installer.path, version: `4.1.0, build ${installer.version}` };

/** A folder holding an executable named ffmpeg (never run here). */
async function folderWithFfmpeg(): Promise<string> {
  const dir = await tempDir('kopilka-ffmpeg-');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'ffmpeg');
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, 0o755);
  return dir;
}

describe('which ffmpeg processes the uploads', () => {
  it('is always the system’s when there is one: on PATH, else in the system’s folders', async () => {
    const [onPath, system] = [await folderWithFfmpeg(), await folderWithFfmpeg()];
    expect(chooseFfmpeg(undefined, { pathEnv: onPath, systemDirs: [system] })).toEqual({
      path: path.join(onPath, 'ffmpeg'),
      bundled: null,
    });
    // A service's bare PATH does not hide /usr/bin's ffmpeg.
    expect(chooseFfmpeg(undefined, { pathEnv: '/nonexistent', systemDirs: [system] })).toEqual({
      path: path.join(system, 'ffmpeg'),
      bundled: null,
    });
    expect(bundledFfmpegWarning(chooseFfmpeg(undefined, { pathEnv: onPath }))).toBeNull();
  });

  it('is the static build shipped in npm only where the system has none, and then says so naming its version', () => {
    const choice = chooseFfmpeg(undefined, { pathEnv: '', systemDirs: [] });
    expect(choice).toEqual({ path: bundled.path, bundled: { version: bundled.version } });
    expect(installer.version).toMatch(/^2018/);
    const warning = bundledFfmpegWarning(choice)!;
    expect(warning.split('\n')).toHaveLength(1);
    expect(warning).toContain(`static build ${bundled.version}`);
    expect(warning).toContain('apt-get install ffmpeg');
    // FFMPEG_PATH naming the same binary is the same old build.
    expect(chooseFfmpeg(bundled.path).bundled).toEqual({ version: bundled.version });
  });

  it(
    'is named in one warning line when `npm start` runs the bundled build, and in none with the system’s',
    { timeout: 120_000 },
    async () => {
      const started = async (env: Record<string, string>) => {
        // A folder whose name does not say ffmpeg: the start-up block names DATA_DIR.
        const dir = await tempDir('kopilka-choice-start-');
        const port = await new Promise<number>((resolve) => {
          const srv = createServer().listen(0, '127.0.0.1', () => {
            const { port: p } = srv.address() as { port: number };
            srv.close(() => resolve(p));
          });
        });
        const { DATABASE_URL: _db, FFMPEG_PATH: _ff, ...inherited } = process.env;
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], {
          cwd: root,
          env: {
            ...inherited,
            SKIP_WEB_BUILD: '1',
            SERVE_WEB: 'false',
            LOG_LEVEL: 'warn',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: dir,
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        // A start takes near 20 s on two cores shared with other test runs: this waits for it, however slow.
        const deadline = Date.now() + 50_000;
        while (!output.includes('Копилка работает') && Date.now() < deadline && child.exitCode === null)
          await new Promise((r) => setTimeout(r, 100));
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
        expect(output).toContain('Копилка работает');
        return output.split('\n').filter((line) => line.includes('ffmpeg'));
      };
      const withBundled = await started({ FFMPEG_PATH: bundled.path });
      expect(withBundled).toHaveLength(1);
      expect(withBundled[0]).toContain(`static build ${bundled.version}`);
      expect(await started({ FFMPEG_PATH: path.join(await folderWithFfmpeg(), 'ffmpeg') })).toEqual([]);
    },
  );
});
