import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createS3Client, S3Storage } from '../../../server/storage/s3.ts';
import { tempDir } from '../support/media-fixtures.ts';

/**
 * A bucket's server may close a kept-alive connection just as the client sends on it (S3 servers close idle
 * connections after a few seconds): the request fails with ECONNRESET, "socket hang up". That is a passing
 * failure the SDK's own strategy sends again; only a request that ran out of time is not sent again (see
 * s3ClientOptions). Here a bucket closes the connection under its first requests, then answers.
 */
describe('an S3 request whose connection is reset', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function bucket(resets: number) {
    let seen = 0;
    server = createServer((req, res) => {
      seen += 1;
      if (seen <= resets) {
        req.socket.destroy(); // the connection closes under the request: ECONNRESET on the client
        return;
      }
      res.writeHead(200, { 'Content-Length': '0', 'Content-Type': 'application/octet-stream' }); // HEAD: an empty object
      res.end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const storage = new S3Storage({
      client: createS3Client({
        kind: 's3',
        bucket: 'b',
        prefix: '',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'k', secretAccessKey: 's' },
        timeouts: { connectMs: 2_000, idleMs: 2_000 },
      }),
      bucket: 'b',
      prefix: '',
      workDir: await tempDir('kopilka-s3-retries-'),
    });
    return { storage, seen: () => seen };
  }

  it('is sent again and succeeds, as the SDK does, when the reset was not a timeout', async () => {
    const { storage, seen } = await bucket(1);
    await expect(storage.stat('u/1/a.webm')).resolves.toEqual({ size: 0 });
    expect(seen()).toBe(2);
  });

  it('fails as unavailable after three attempts in all', async () => {
    const { storage, seen } = await bucket(10);
    await expect(storage.stat('u/1/a.webm')).rejects.toThrow(/media storage unavailable/);
    expect(seen()).toBe(3);
  });
});
