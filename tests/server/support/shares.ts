import { expect } from 'vitest';
import type { MediaKind } from '../../../contract/media.ts';
import type { CreatedShare, SharedView } from '../../../contract/shares.ts';
import { nextIp } from './auth.ts';
import { pathOf } from './media-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Steps of the share-link tests: making links as their owner, opening them as anybody, fetching what they hand out. */
export function shareSteps(t: TestApp) {
  const steps = {
    /** POST /api/shares/ as the owner: the answer as it came. */
    create: (user: { headers: Record<string, string> }, body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/shares/', headers: user.headers, payload: body as object }),

    /** A link made for an item or album, 201 expected. */
    async make(
      user: { headers: Record<string, string> },
      target: { kind: MediaKind; id: number } | { album: number },
      more: { expires_in_days?: 1 | 7 | 30 | null; password?: string; allow_download?: boolean } = {},
    ): Promise<CreatedShare & { token: string }> {
      const res = await steps.create(user, { target, expires_in_days: null, ...more });
      expect(res.statusCode, res.body).toBe(201);
      const share = res.json<CreatedShare>();
      const token = /\/s\/#([A-Za-z0-9_-]{22})$/.exec(share.url)?.[1];
      expect(token, share.url).toBeTruthy();
      return { ...share, token: token! };
    },

    /** POST /api/public/shares/open/ with no session, from its own address unless one is given. */
    open: (token: string, password?: string, ip = nextIp()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/shares/open/',
        remoteAddress: ip,
        payload: password === undefined ? { token } : { token, password },
      }),

    /** The link's view, 200 expected. */
    async view(token: string, password?: string): Promise<SharedView> {
      const res = await steps.open(token, password);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SharedView>();
    },

    /** GET (or another method) of a media URL a link handed out, with no session. */
    fetch: (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: pathOf(url), headers }),

    /** Every media URL in a view's items. */
    urlsOf(view: SharedView): string[] {
      const urls: string[] = [];
      for (const item of view.items) {
        for (const value of Object.values(item)) if (typeof value === 'string' && value.startsWith('/media/')) urls.push(value);
      }
      return urls;
    },

    /** Expects each URL to answer 404, as a link's URLs do once it no longer grants them. */
    async expectGone(urls: string[]) {
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const res = await steps.fetch(url);
        expect(res.statusCode, url).toBe(404);
      }
    },

    /** Expects each URL to serve its bytes. */
    async expectServed(urls: string[]) {
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const res = await steps.fetch(url);
        expect(res.statusCode, `${url} ${res.body.slice(0, 300)}`).toBe(200);
        expect(res.rawPayload.length, url).toBeGreaterThan(0);
      }
    },
  };
  return steps;
}

/** The contract's answer to an unknown, revoked or expired link. */
export const INVALID_LINK = { detail: 'Ссылка недействительна или срок её действия истёк' };
