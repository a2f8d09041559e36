// The image's runtime packages (Dockerfile, the `runtime-deps` stage): from `npm ci --omit=dev`, removes every
// installed package that no runtime dependency reaches. The runtime's roots are package.json's dependencies less
// BUILD_ONLY (what builds the web export, and the bundled ffmpeg the image never runs: FFMPEG_PATH is Debian's);
// what they need is followed through package-lock.json as Node resolves it (a package's own node_modules first,
// then each folder up). tests/server/process/container-files.test.ts checks that every package the server and
// the contract import stays.
//   node --import tsx scripts/prune-runtime.ts [--dry-run]
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
type Lock = Record<string, LockEntry>;

const readLock = (root: string): Lock =>
  (JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Lock }).packages;

/** package.json dependencies the running server never loads. */
export const BUILD_ONLY = [
  'next',
  'typescript',
  '@ffmpeg-installer/ffmpeg',
  'react',
  'react-dom',
  '@headlessui/react',
  '@hookform/resolvers',
  '@simplewebauthn/browser',
  '@tailwindcss/postcss',
  'tailwindcss',
  '@tanstack/query-async-storage-persister',
  '@tanstack/react-query',
  '@tanstack/react-query-persist-client',
  '@tanstack/react-virtual',
  '@types/node',
  '@types/react',
  '@types/react-dom',
  '@use-gesture/react',
  'bowser',
  'idb',
  'jotai',
  'ky',
  'qrcode.react',
  'react-hook-form',
  'tus-js-client',
  'wavesurfer.js',
];

/** The lock's paths (`node_modules/a`, `node_modules/a/node_modules/b`) of the installed packages the runtime reaches. */
export function runtimePackages(root: string): Set<string> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const lock = readLock(root);
  const resolve = (from: string, name: string): string | null => {
    for (let dir = from; ;) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock[candidate]) return candidate;
      if (!dir) return null;
      const up = dir.lastIndexOf('/node_modules/');
      dir = up === -1 ? '' : dir.slice(0, up);
    }
  };
  const kept = new Set<string>();
  const visit = (at: string | null): void => {
    if (!at || kept.has(at)) return;
    kept.add(at);
    const entry = lock[at]!;
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional);
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers])
      visit(resolve(at, name));
  };
  for (const name of Object.keys(pkg.dependencies)) if (!BUILD_ONLY.includes(name)) visit(resolve('', name));
  return kept;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const dryRun = process.argv.includes('--dry-run');
  const kept = runtimePackages(root);
  const lock = readLock(root);
  let removed = 0;
  for (const at of Object.keys(lock)) {
    if (!at.startsWith('node_modules/') || kept.has(at)) continue;
    // A folder inside one already removed went with it.
    if (!existsSync(path.join(root, at))) continue;
    if (dryRun) console.log(at);
    else rmSync(path.join(root, at), { recursive: true, force: true });
    removed++;
  }
  rmSync(path.join(root, 'node_modules', '.cache'), { recursive: true, force: true });
  // A scope whose every package went (@next, @ffmpeg-installer) leaves its folder empty.
  if (!dryRun)
    for (const scope of readdirSync(path.join(root, 'node_modules')).filter((name) => name.startsWith('@'))) {
      const dir = path.join(root, 'node_modules', scope);
      if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true });
    }
  console.log(`prune-runtime: kept ${kept.size} packages, ${dryRun ? 'would remove' : 'removed'} ${removed}`);
}
