import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** s3rver accepts any well-signed request made with these keys. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3rverProcess {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The MEDIA_STORAGE value for this server's bucket (credentials: S3RVER_CREDENTIALS). */
  mediaStorage(prefix: string): string;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, files in a temp folder) as a child process on loopback with one
 * bucket, with the multipart calls it lacks added (s3rver-process.ts; `stock`: without them). Its own process: its list
 * continuation tokens use DES, which OpenSSL 3 serves only with the legacy provider, and that flag is
 * better kept out of the process under test.
 */
export async function startS3rver(bucket = 'kopilka-test', opts: { stock?: boolean } = {}): Promise<S3rverProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-s3rver-'));
  const script = fileURLToPath(new URL('./s3rver-process.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const args = ['--import', pathToFileURL(tsx).href, script, dir, bucket, ...(opts.stock ? ['--stock'] : [])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 20_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /S3rver listening on [\d.]+:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}: ${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    mediaStorage: (prefix) => `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&path_style=true`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
