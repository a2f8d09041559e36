import { queryOptions } from '@tanstack/react-query';
import type { MediaKind, TrashItem } from '@/contract/media';
import { api } from './client';

/** One item of the trash as GET media/trash/ lists it: the shared contract's schema. */
export type { TrashItem };

/**
 * GET /api/media/trash/: everything deleted in the last 30 days, newest deletion first. No Cache-Control of the
 * request's own (it would make the browser skip its copy): the answer's `private, no-cache` and ETag have the
 * browser ask again with If-None-Match each time, and an unchanged trash comes back as a 304.
 */
export const listTrash = () => api.get('media/trash/').json<TrashItem[]>();

/** DELETE /api/media/trash/{kind}/{id}/: removes one item for good. */
export async function purgeTrashItem(kind: MediaKind, id: number): Promise<void> {
  await api.delete(`media/trash/${kind}/${id}/`);
}

/** DELETE /api/media/trash/: removes everything in the trash for good. */
export async function emptyTrash(): Promise<void> {
  await api.delete('media/trash/');
}

export const trashQueries = {
  all: () => ['media', 'trash'] as const,
  list: () => queryOptions({ queryKey: [...trashQueries.all(), 'list'] as const, queryFn: listTrash, staleTime: 0 }),
};
