import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AlbumMember, AlbumMemberInvite, AlbumMemberRole } from '@/contract/household';

/**
 * Who an album is shared with (contract/household.ts): the owner invites accounts of this server by e-mail,
 * changes their roles and removes them; a member leaves. Plain requests, one per operation, and their query.
 */
export type { AlbumMember, AlbumMemberInvite, AlbumMemberRole };

const membersPath = (albumId: number) => `albums/${albumId}/members/`;

/** GET /api/albums/{id}/members/: the owner first, then the members in the order invited. */
export const listAlbumMembers = (albumId: number) => api.get(membersPath(albumId)).json<AlbumMember[]>();

/** POST /api/albums/{id}/members/ → 201 with the member (e-mailed). */
export const inviteAlbumMember = (albumId: number, invite: AlbumMemberInvite) =>
  api.post(membersPath(albumId), { json: invite }).json<AlbumMember>();

/** PATCH /api/albums/{id}/members/{user_id}/ → the member in the new role. */
export const setAlbumMemberRole = (albumId: number, userId: number, role: AlbumMemberRole) =>
  api.patch(`${membersPath(albumId)}${userId}/`, { json: { role } }).json<AlbumMember>();

/** DELETE /api/albums/{id}/members/{user_id}/: removed; their items leave the album. */
export async function removeAlbumMember(albumId: number, userId: number): Promise<void> {
  await api.delete(`${membersPath(albumId)}${userId}/`);
}

/** DELETE /api/albums/{id}/members/me/: I leave the album. */
export async function leaveAlbum(albumId: number): Promise<void> {
  await api.delete(`${membersPath(albumId)}me/`);
}

export const albumMemberQueries = {
  all: (albumId: number) => ['albums', 'members', albumId] as const,
  list: (albumId: number) => queryOptions({ queryKey: albumMemberQueries.all(albumId), queryFn: () => listAlbumMembers(albumId) }),
};
