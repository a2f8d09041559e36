import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The admin area: a Next app of its own (its own pages, bundle and Content-Security-Policy), built as a static
 * export under /admin/ into admin/out/, which the build places at out/admin/ (server/web/admin-export.ts). It
 * shares the web app's design system, API client and contract through the repository root (tsconfig paths).
 * In development, `next dev admin` sends /api and /media to the API process like the app's does.
 * @param {string} phase
 */
export default function adminConfig(phase) {
  const dev = phase === 'phase-development-server';
  const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3001';
  /** @type {import('next').NextConfig} */
  const base = {
    basePath: '/admin',
    output: 'export',
    trailingSlash: true,
    images: { unoptimized: true },
    reactStrictMode: true,
    // `npm run typecheck` (tsc -b) checks these sources with the app's; the build does not check them again.
    typescript: { tsconfigPath: 'tsconfig.json', ignoreBuildErrors: true },
    turbopack: { root },
  };
  if (!dev) return base;
  return {
    ...base,
    output: undefined,
    async rewrites() {
      return [
        { source: '/api/:path*', destination: `${api}/api/:path*`, basePath: false },
        { source: '/media/:path*', destination: `${api}/media/:path*`, basePath: false },
      ];
    },
  };
}
