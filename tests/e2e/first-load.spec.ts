import path from 'node:path';
import { expect, test } from '@playwright/test';
import { gzipSize, measureFirstLoad, nextRuntimeChunks } from '../../bench/first-load.ts';

// The export the server under test was started with: `npm start` builds it when it is missing or stale.
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.resolve(root, process.env.OUT_DIR ?? 'out');

test('every page’s first-load JavaScript stays within its target: 165 kB for home and not-found, 175 kB for the rest', () => {
  const pages = measureFirstLoad(outDir);
  expect(pages.map((p) => p.url)).toEqual(
    expect.arrayContaining(['/', '/404.html', '/login/', '/register/', '/profile/', '/audio/', '/photos/', '/video/', '/trash/']),
  );
  // Each page loads Next's own runtime, so a page measured as lighter than it was not measured at all.
  const runtime = nextRuntimeChunks(path.join(root, '.next'));
  const runtimeBytes = gzipSize(outDir, runtime);
  for (const p of pages) {
    expect(p.chunks, p.url).toEqual(expect.arrayContaining(runtime));
    expect(p.gzipBytes, p.url).toBeGreaterThan(runtimeBytes);
  }
  const over = pages
    .filter((p) => p.gzipBytes > p.targetKb * 1000)
    .map((p) => `${p.url}: ${(p.gzipBytes / 1000).toFixed(1)} kB gzipped > ${p.targetKb} kB`);
  expect(over, 'pages over their first-load target (npm run bench -- first-load shows every page)').toEqual([]);
});
