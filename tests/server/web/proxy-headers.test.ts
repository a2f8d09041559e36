import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, type CspManifest } from '../../../server/web/csp.ts';
import { caddyHeaders, nginxCspMap, nginxHeaders, pagePathRegex } from '../../../server/web/proxy-headers.ts';
import { securityHeaders } from '../../../server/web/security-headers.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The headers a reverse proxy serving the export sends are the API process's own, page by page. */
const manifest: CspManifest = {
  pages: {
    'index.html': { path: '/', script_hashes: ["'sha256-home='"], policy: '' },
    'login/index.html': { path: '/login/', script_hashes: ["'sha256-login1='", "'sha256-login2='"], policy: '' },
    '404.html': { path: '/404.html', script_hashes: ["'sha256-missing='"], policy: '' },
  },
};

/** The map entries of a generated file as [regex, value] pairs (Caddy and nginx spell them alike). */
function mapEntries(text: string): { entries: [RegExp, string][]; fallback: string } {
  const entries: [RegExp, string][] = [];
  let fallback = '';
  for (const line of text.split('\n')) {
    const entry = /^\t~(\S+) "([^"]*)";?$/.exec(line);
    if (entry) entries.push([new RegExp(entry[1]!), entry[2]!]);
    const dflt = /^\tdefault "([^"]*)";?$/.exec(line);
    if (dflt) fallback = dflt[1]!;
  }
  return { entries, fallback };
}

const policyFor = (text: string, uri: string) => {
  const { entries, fallback } = mapEntries(text);
  const hits = entries.filter(([re]) => re.test(uri));
  expect(hits.length, `at most one entry for ${uri}`).toBeLessThanOrEqual(1);
  return hits[0]?.[1] ?? fallback;
};

describe('the proxy header files', () => {
  it('match a page by its clean URL, with or without the slash, and by its file', () => {
    const login = new RegExp(pagePathRegex('/login/'));
    for (const uri of ['/login', '/login/', '/login/index.html']) expect(login.test(uri), uri).toBe(true);
    for (const uri of ['/login2', '/loginx/', '/x/login/', '/login/other.html', '/login/index.txt'])
      expect(login.test(uri), uri).toBe(false);
    const home = new RegExp(pagePathRegex('/'));
    for (const uri of ['/', '/index.html']) expect(home.test(uri), uri).toBe(true);
    for (const uri of ['/a', '/index.txt', '//']) expect(home.test(uri), uri).toBe(false);
    const missing = new RegExp(pagePathRegex('/404.html'));
    expect(missing.test('/404.html')).toBe(true);
    expect(missing.test('/404xhtml')).toBe(false);
  });

  it('give each page the policy with its own script hashes, and anything else the policy without hashes', () => {
    for (const text of [caddyHeaders(manifest, {}), nginxCspMap(manifest)]) {
      expect(policyFor(text, '/login')).toBe(contentSecurityPolicy(["'sha256-login1='", "'sha256-login2='"]));
      expect(policyFor(text, '/login/index.html')).toBe(contentSecurityPolicy(["'sha256-login1='", "'sha256-login2='"]));
      expect(policyFor(text, '/')).toBe(contentSecurityPolicy(["'sha256-home='"]));
      expect(policyFor(text, '/404.html')).toBe(contentSecurityPolicy(["'sha256-missing='"]));
      expect(policyFor(text, '/_next/static/chunks/app.js')).toBe(contentSecurityPolicy());
    }
  });

  it('send every security header, and the page policy, in both proxies', () => {
    const security = { 'x-frame-options': 'SAMEORIGIN', 'origin-agent-cluster': '?1' };
    const caddy = caddyHeaders(manifest, security);
    expect(caddy).toContain('\tx-frame-options "SAMEORIGIN"\n');
    expect(caddy).toContain('\torigin-agent-cluster "?1"\n');
    expect(caddy).toContain('\tcontent-security-policy {kopilka_csp}\n');
    const nginx = nginxHeaders(security);
    expect(nginx).toContain('add_header x-frame-options "SAMEORIGIN" always;\n');
    expect(nginx).toContain('add_header origin-agent-cluster "?1" always;\n');
    expect(nginx).toContain('add_header content-security-policy $kopilka_csp always;\n');
  });

  it('mark the page of a share link, and it alone, noindex in both proxies', () => {
    const caddy = caddyHeaders(manifest, {});
    const matcher = /^@kopilka_noindex path_regexp (\S+)$/m.exec(caddy)?.[1];
    expect(caddy).toContain('header @kopilka_noindex X-Robots-Tag "noindex, nofollow"\n');
    const map = nginxCspMap(manifest);
    const robots = /map \$uri \$kopilka_robots \{\n\t~(\S+) "noindex, nofollow";\n\tdefault "";\n\}/.exec(map)?.[1];
    expect(nginxHeaders({})).toContain('add_header x-robots-tag $kopilka_robots always;\n');
    for (const re of [matcher, robots]) {
      expect(re).toBeDefined();
      for (const uri of ['/s', '/s/', '/s/index.html']) expect(new RegExp(re!).test(uri), uri).toBe(true);
      for (const uri of ['/', '/login/', '/sx/', '/albums/', '/s/other.html']) expect(new RegExp(re!).test(uri), uri).toBe(false);
    }
  });

  it('refuse a value that would break out of its quotes', () => {
    expect(() => nginxHeaders({ 'x-bad': 'a" always; add_header x-evil "1' })).toThrow('cannot quote');
    expect(() => caddyHeaders(manifest, { 'x-bad': 'line\nbreak' })).toThrow('cannot quote');
  });
});

describe('the security headers written for the proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are exactly the ones the API process sends', async () => {
    const security = await securityHeaders();
    expect(Object.keys(security).length).toBeGreaterThanOrEqual(8);
    const res = await t.app.inject({ url: '/api/health/' });
    for (const [name, value] of Object.entries(security)) expect(res.headers[name], name).toBe(value);
    const own = new Set([
      'content-security-policy',
      'x-request-id',
      'content-type',
      'content-length',
      'date',
      'connection',
      'keep-alive',
      'cache-control',
    ]);
    const sent = Object.keys(res.headers).filter((name) => !own.has(name));
    expect(sent.sort()).toEqual(Object.keys(security).sort());
  });
});
