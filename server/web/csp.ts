import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

/**
 * Content-Security-Policy. Tokens live in localStorage, so one injected script is a stolen session:
 * scripts run only from our own origin, plus the few inline scripts the static export itself writes
 * (its hydration data), each allowed by its sha256 hash on the page that carries it. Inline styles
 * stay allowed (React sets style attributes); they cannot run code.
 */
const DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  ['base-uri', ["'self'"]],
  ['font-src', ["'self'", 'data:']],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['object-src', ["'none'"]],
  ['script-src', ["'self'"]],
  ['script-src-attr', ["'none'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['media-src', ["'self'", 'blob:']],
  ['connect-src', ["'self'"]],
  ['worker-src', ["'self'", 'blob:']],
];

/** The policy with these inline script hashes added to script-src (none: no inline script runs). */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return DIRECTIVES.map(([name, values]) => [name, ...values, ...(name === 'script-src' ? scriptHashes : [])].join(' ')).join('; ');
}

type Node = DefaultTreeAdapterMap['node'];

/** `'sha256-…'` of every inline script of an HTML page with something to run, in page order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node && node.tagName === 'script' && !node.attrs.some((a) => a.name === 'src')) {
      // The parser has already turned CRLF into LF, as the browser does before it hashes.
      const text = node.childNodes.map((c) => ('value' in c && c.nodeName === '#text' ? c.value : '')).join('');
      if (text !== '') {
        const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
        if (!hashes.includes(hash)) hashes.push(hash);
      }
    }
    if ('content' in node && node.content) visit(node.content);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return hashes;
}

export const CSP_MANIFEST = 'csp-manifest.json';

/**
 * out/csp-manifest.json, written after every build of the static export. Keyed by HTML file (relative
 * to the export); each page has the URL path it answers, its inline script hashes and the whole
 * policy to send with it. A reverse proxy that serves the export itself sends the same header per
 * page: the build turns this manifest into its maps (web/proxy-headers.ts).
 */
export interface CspManifest {
  pages: Record<string, { path: string; script_hashes: string[]; policy: string }>;
}

/** Every .html file under the export, relative and with forward slashes. */
function htmlFiles(outDir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(outDir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (child !== '_next') out.push(...htmlFiles(outDir, child));
    } else if (entry.isFile() && entry.name.endsWith('.html')) out.push(child);
  }
  return out.sort();
}

/** `login/index.html` → `/login/`, `index.html` → `/`, `404.html` → `/404.html`. */
const urlPathOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

export function buildCspManifest(outDir: string): CspManifest {
  const pages: CspManifest['pages'] = {};
  for (const file of htmlFiles(outDir)) {
    const script_hashes = inlineScriptHashes(readFileSync(path.join(outDir, file), 'utf8'));
    pages[file] = { path: urlPathOf(file), script_hashes, policy: contentSecurityPolicy(script_hashes) };
  }
  return { pages };
}

export function writeCspManifest(outDir: string): CspManifest {
  const manifest = buildCspManifest(outDir);
  writeFileSync(path.join(outDir, CSP_MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * The policy of each HTML page of the export, read once at start-up: from the manifest when it was
 * written after every page it lists and lists every page, else computed from the pages themselves
 * (an export built without the manifest step, or rebuilt since).
 */
export function loadPagePolicies(outDir: string): Map<string, string> {
  const policies = new Map<string, string>();
  if (!existsSync(outDir)) return policies;
  const manifest = readFreshManifest(outDir) ?? buildCspManifest(outDir);
  for (const [file, page] of Object.entries(manifest.pages)) policies.set(file, contentSecurityPolicy(page.script_hashes));
  return policies;
}

function readFreshManifest(outDir: string): CspManifest | null {
  const file = path.join(outDir, CSP_MANIFEST);
  try {
    const written = statSync(file).mtimeMs;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as CspManifest;
    const pages = htmlFiles(outDir);
    if (pages.length !== Object.keys(manifest.pages ?? {}).length) return null;
    for (const page of pages) {
      if (!manifest.pages[page] || !Array.isArray(manifest.pages[page].script_hashes)) return null;
      if (statSync(path.join(outDir, page)).mtimeMs > written) return null;
    }
    return manifest;
  } catch {
    return null;
  }
}
