import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The export's text files, compressed once at build time: beside each `x.js` a `x.js.br` (brotli at its best
 * level) and a `x.js.gz` (gzip 9), which the server sends to a browser that accepts them (routes.ts:
 * @fastify/static's preCompressed), so a phone on a slow network fetches a chunk at about a quarter of its size
 * without the server spending a CPU cycle on it per request. HTML pages too. Images and media are compressed already.
 */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|txt|svg|xml|webmanifest|map)$/;

/** The encodings written, with their file suffixes. */
export const ENCODED_SUFFIXES = ['.br', '.gz'] as const;

/** A file too small to gain anything: a compressed copy would be as large as the headers it saves. */
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes the `.br` and `.gz` copy of every compressible file under `outDir` (again when the file changed since),
 * keeping only a copy that is smaller than the file. Run after everything that writes into the export (the
 * CSP manifest, the service worker, the proxy headers).
 */
export function precompressExport(outDir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of files(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const stat = statSync(file);
    if (stat.size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    result.files += 1;
    result.bytes += raw.length;
    for (const [suffix, body] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (body.length < raw.length) {
        writeFileSync(file + suffix, body);
        if (suffix === '.br') result.brotliBytes += body.length;
        else result.gzipBytes += body.length;
      }
    }
  }
  return result;
}
