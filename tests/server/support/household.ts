import { expect } from 'vitest';
import type { AlbumItem } from '../../../contract/albums.ts';
import type { MediaKind } from '../../../contract/media.ts';
import { pathOf } from './media-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Anyone with a bearer header (createUser's answer), or a guest (null). */
export type Caller = { headers: Record<string, string> } | null;

/** The API as `user` sees it: method, URL, JSON body; the raw answer. */
export const callAs =
  (t: TestApp) =>
  (user: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user?.headers ?? {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** An item named by kind and id. */
export const ref = (kind: MediaKind, rec: { id: number }) => ({ kind, id: rec.id });

/** Every file URL a record carries (signed `/media/…` paths), nulls left out. */
export function fileUrls(item: Record<string, unknown>): string[] {
  return ['audio_file', 'original_file', 'file', 'playable', 'thumbnail', 'preview', 'poster']
    .map((field) => item[field])
    .filter((url): url is string => typeof url === 'string' && url.startsWith('/media/'));
}

/** The status a signed URL answers now, with its detail when refused. */
export async function fetchStatus(t: TestApp, url: string): Promise<{ status: number; detail?: string; cache?: string }> {
  const res = await t.app.inject({ url: pathOf(url) });
  const detail = res.statusCode >= 400 ? (res.json<{ detail?: string }>().detail ?? '') : undefined;
  return { status: res.statusCode, detail, cache: res.headers['cache-control'] };
}

/** Each URL answers `status` (and the detail, when given). */
export async function expectUrls(t: TestApp, urls: string[], status: number, detail?: string) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const got = await fetchStatus(t, url);
    expect(got.status, url).toBe(status);
    if (detail !== undefined) expect(got.detail, url).toBe(detail);
  }
}

/** The items of an album as the user sees them (200 expected). */
export async function albumItems(t: TestApp, user: Caller, albumId: number, query = ''): Promise<(AlbumItem & Record<string, unknown>)[]> {
  const res = await callAs(t)(user, 'GET', `/api/albums/${albumId}/items/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
