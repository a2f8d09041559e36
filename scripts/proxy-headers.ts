// The last step of `npm run build`: writes the headers a reverse proxy serving the export sends
// (helmet's security headers and each page's Content-Security-Policy from out/csp-manifest.json)
// as out/proxy-headers.caddy, out/proxy-csp-map.nginx and out/proxy-headers.nginx, which
// deploy/Caddyfile and deploy/nginx.conf include. OUT_DIR as for the server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CSP_MANIFEST, type CspManifest } from '../server/web/csp.ts';
import { writeProxyHeaders } from '../server/web/proxy-headers.ts';
import { securityHeaders } from '../server/web/security-headers.ts';

const outDir = path.resolve(process.env.OUT_DIR ?? 'out');
const manifest = JSON.parse(readFileSync(path.join(outDir, CSP_MANIFEST), 'utf8')) as CspManifest;
const written = writeProxyHeaders(outDir, manifest, await securityHeaders());
console.log(`Proxy headers: ${Object.keys(manifest.pages).length} pages → ${written.map((f) => path.basename(f)).join(', ')}`);
