import { queryOptions } from '@tanstack/react-query';
import type { SignedLink } from '@/contract/media';
import type { Usage } from '@/contract/media';
import type { ItemRef } from '@/contract/albums';
import { api } from './client';

/** What the owner's media take up, as GET media/usage/ answers: the shared contract's schema. */
export type { Usage };

/** GET /api/media/usage/: bytes in total and per kind (trash included), and the quota (null: none). */
export const getUsage = () => api.get('media/usage/', { headers: { 'Cache-Control': 'no-cache' } }).json<Usage>();

export const usageQueries = {
  all: () => ['media', 'usage'] as const,
  current: () => queryOptions({ queryKey: [...usageQueries.all(), 'current'] as const, queryFn: getUsage, staleTime: 0 }),
};

/**
 * POST /api/media/export/ → a signed, expiring link to the ZIP of every original (made as it downloads), or
 * of the chosen `items` only («Скачать» on a selection).
 */
export async function getExportLink(items?: readonly ItemRef[]): Promise<string> {
  return (await api.post('media/export/', items ? { json: { items } } : undefined).json<SignedLink>()).url;
}
