import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';

/**
 * The SHA-256 of bytes as they stream past: `stream` passes `source` on unchanged (its errors too),
 * and `digest()` gives the hex hash once it has ended.
 */
export function sha256Stream(source: Readable): { stream: Readable; digest(): string } {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  // pipeline destroys `hashing` with the source's error, so whoever reads it sees that error.
  const stream = pipeline(source, hashing, () => {});
  return { stream, digest: () => hash.digest('hex') };
}

/** The SHA-256 of every byte of `source` (hex). */
export async function sha256Of(source: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
