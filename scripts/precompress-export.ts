// The last step of `npm run build`: brotli and gzip copies of the export's text files, which the server sends to
// browsers that accept them. OUT_DIR as for the server.
import path from 'node:path';
import { precompressExport } from '../server/web/precompress.ts';

const outDir = path.resolve(process.env.OUT_DIR ?? 'out');
const r = precompressExport(outDir);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(`Precompressed: ${r.files} files, ${kb(r.bytes)} → brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)}`);
