// After `next build`: writes out/csp-manifest.json (each page's inline script hashes and policy) for the
// server and for a reverse proxy serving the export. OUT_DIR as for the server.
import path from 'node:path';
import { writeCspManifest } from '../server/web/csp.ts';

const outDir = path.resolve(process.env.OUT_DIR ?? 'out');
const manifest = writeCspManifest(outDir);
console.log(`CSP manifest: ${Object.keys(manifest.pages).length} pages → ${path.join(outDir, 'csp-manifest.json')}`);
