// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts).
import '@/lib/schemas/zod-config';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api, noAuthRefresh } from '@/lib/api/client';
import { errorCodeOf } from '@/contract/errors';
import {
  SHARE_PASSWORD_CODES,
  SHARE_TOKEN_PATTERN,
  type CreatedShare,
  type Share,
  type ShareCreate,
  type SharedView,
} from '@/contract/shares';

/**
 * Share links (contract/shares.ts): the owner's requests and the public page's one. The link is
 * `/s/#<token>`: the token lives in the fragment, which the browser never sends, and goes to the server
 * only in the body of the open request.
 */
export type { CreatedShare, Share, ShareCreate, SharedView };

/** POST /api/shares/ → 201 with `url`, the link to copy (shown this once: it is not stored). */
export const createShare = (input: ShareCreate) => api.post('shares/', { json: input }).json<CreatedShare>();

/** GET /api/shares/: the owner's links, newest first, expired ones too («Мои ссылки»); revalidated by its ETag (albums.ts). */
export const listShares = () => api.get('shares/').json<Share[]>();

/** DELETE /api/shares/{id}/ («Отключить»): the link and every URL it handed out stop at once. */
export async function deleteShare(id: number): Promise<void> {
  await api.delete(`shares/${id}/`);
}

/** POST /api/shares/{id}/resume/ («Включить»): a link a recovery paused opens again, at the same address. */
export const resumeShare = (id: number) => api.post(`shares/${id}/resume/`).json<Share>();

export const shareQueries = {
  all: () => ['shares'] as const,
  list: () => queryOptions({ queryKey: [...shareQueries.all(), 'list'] as const, queryFn: listShares }),
};

/** The token in a link's fragment (`#<token>`, as `location.hash` gives it), or null when there is none. */
export function shareTokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return SHARE_TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * POST /api/public/shares/open/ {token, password?, cursor?}: what the link shows, an album a page at a time
 * (`cursor`: the `next` of the page before). No session is needed or used for it (a 401 would not be a
 * reason to refresh one); refusals come as ApiError, read by shareOpenRefusal.
 */
export const openShare = (token: string, password?: string, cursor?: string) =>
  api
    .post('public/shares/open/', {
      json: { token, ...(password ? { password } : {}), ...(cursor ? { cursor } : {}) },
      ...noAuthRefresh,
    })
    .json<SharedView>();

/** Why a link did not open, as the public page tells it. */
export type ShareOpenRefusal = 'password_required' | 'wrong_password' | 'invalid' | 'too_many' | 'stale' | 'other';

/**
 * 403 with the contract's codes (ask for the password, or say it was wrong), 404 (invalid link), 429 (wait),
 * 400 for a following page whose cursor has run out (open the link again).
 */
export function shareOpenRefusal(error: unknown): ShareOpenRefusal {
  if (!(error instanceof ApiError)) return 'other';
  const code = errorCodeOf(error.data);
  if (error.status === 403 && code === SHARE_PASSWORD_CODES.required) return 'password_required';
  if (error.status === 403 && code === SHARE_PASSWORD_CODES.wrong) return 'wrong_password';
  if (error.status === 404) return 'invalid';
  if (error.status === 429) return 'too_many';
  if (error.status === 400) return 'stale';
  return 'other';
}
