'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  albumMemberQueries,
  inviteAlbumMember,
  leaveAlbum,
  removeAlbumMember,
  setAlbumMemberRole,
  type AlbumMemberInvite,
  type AlbumMemberRole,
} from '@/lib/api/album-members';
import { albumQueries } from '@/lib/api/albums';

/** Who an album is shared with: the owner first, then the members. */
export const useAlbumMembers = (albumId: number) => useQuery(albumMemberQueries.list(albumId));

/** After any change of members, the album's people and the albums themselves (counts, what is shared with me) re-read. */
function useMembersChange<V, R>(albumId: number, request: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: albumMemberQueries.all(albumId) });
      void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
    },
  });
}

export const useInviteMember = (albumId: number) =>
  useMembersChange(albumId, (invite: AlbumMemberInvite) => inviteAlbumMember(albumId, invite));
export const useSetMemberRole = (albumId: number) =>
  useMembersChange(albumId, ({ userId, role }: { userId: number; role: AlbumMemberRole }) => setAlbumMemberRole(albumId, userId, role));
export const useRemoveMember = (albumId: number) => useMembersChange(albumId, (userId: number) => removeAlbumMember(albumId, userId));

/** «Выйти из альбома»: the album leaves my lists (its queries are dropped, the grid re-reads). */
export function useLeaveAlbum(albumId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveAlbum(albumId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: albumMemberQueries.all(albumId) });
      queryClient.removeQueries({ queryKey: albumQueries.detail(albumId).queryKey });
      queryClient.removeQueries({ queryKey: albumQueries.pages(albumId).queryKey });
      void queryClient.invalidateQueries({ queryKey: albumQueries.list().queryKey });
    },
  });
}
