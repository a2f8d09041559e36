import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `files` (paths under `outDir`, their folders made as needed) as the static export the server is to serve. */
export function writeExport(outDir: string, files: Record<string, string | Buffer>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), content);
  }
}

/** The smallest export with every sort of path the server tells apart: the home page, a page, the 404 page and an asset. */
export const SMALL_EXPORT = {
  'index.html': '<html>home</html>',
  'login/index.html': '<html>login</html>',
  '404.html': '<html>Страница не найдена</html>',
  '_next/static/chunks/app.js': 'console.log(1)',
};

/** An export of just a home page, for tests of the server process rather than of its pages. */
export const HOME_ONLY_EXPORT = { 'index.html': '<!doctype html><title>Копилка</title>' };
