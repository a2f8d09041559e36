// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts).
import '@/lib/schemas/zod-config';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { mediaInfoSchema, type MediaInfo, type MediaKind } from '@/contract/media';

export type { MediaInfo };

/** GET /api/media/{kind}/{id}/info/: the file's name and a photo's camera facts, for the viewer's «Сведения». */
export async function getMediaInfo(kind: MediaKind, id: number): Promise<MediaInfo> {
  return mediaInfoSchema.parse(await api.get(`media/${kind}/${id}/info/`).json<unknown>());
}

/**
 * Asked for when «Сведения» opens, under the kind's key (whatever drops the kind's list drops it too); what the
 * original says never changes, so it is kept for the visit.
 */
export const mediaInfoQuery = (kind: MediaKind, id: number) =>
  queryOptions({ queryKey: ['media', kind, 'info', id] as const, queryFn: () => getMediaInfo(kind, id), staleTime: Infinity });
