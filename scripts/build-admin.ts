// A step of `npm run build`, after the app's `next build`: `next build admin` (the admin area, a Next app of its
// own under /admin) when its export is missing or stale, then its copy into out/admin/. OUT_DIR as for the server.
import path from 'node:path';
import { adminExportStale, buildAdminExport, placeAdminExport } from '../server/web/admin-export.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.env.OUT_DIR ?? 'out');
if (adminExportStale(root)) buildAdminExport(root, console.log);
if (!placeAdminExport(root, outDir, true)) throw new Error('no admin export to place (admin/out/ is missing)');
console.log(`Admin area: admin/out → ${path.join(outDir, 'admin')}`);
