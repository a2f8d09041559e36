// After `next build`: writes the app shell's file list and version into out/sw.js. OUT_DIR as for the server.
import path from 'node:path';
import { writeServiceWorker } from '../server/web/service-worker.ts';

const outDir = path.resolve(process.env.OUT_DIR ?? 'out');
const written = writeServiceWorker(outDir);
console.log(
  written ? `Service worker: ${written.urls.length} shell files, version ${written.version}` : 'Service worker: none in the export',
);
