import { PHASE_DEVELOPMENT_SERVER } from 'next/constants.js';

const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3001';

/**
 * Static export for builds; in development, /api, /media and /admin go to the API process.
 * @param {string} phase
 */
export default function nextConfig(phase) {
  /** @type {import('next').NextConfig} */
  const base = {
    output: 'export',
    trailingSlash: true,
    images: { unoptimized: true },
    reactStrictMode: true,
    // tsconfig.json only points at the app's and the Node code's programs; the build checks the app's.
    // The container image's build skips that check (NEXT_SKIP_TYPECHECK=1): it installs no dev packages, so
    // no @types, and the same sources were type-checked by `npm run typecheck` before they got there.
    typescript: { tsconfigPath: 'tsconfig.app.json', ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  };
  if (phase !== PHASE_DEVELOPMENT_SERVER) return base;
  return {
    ...base,
    output: undefined,
    skipTrailingSlashRedirect: true,
    async rewrites() {
      return [
        { source: '/api/:path*', destination: `${apiOrigin}/api/:path*` },
        { source: '/media/:path*', destination: `${apiOrigin}/media/:path*` },
        { source: '/admin', destination: `${apiOrigin}/admin` },
        { source: '/admin/:path*', destination: `${apiOrigin}/admin/:path*` },
      ];
    },
  };
}
