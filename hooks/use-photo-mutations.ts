'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteMedia, updateMedia, type MediaDetails } from '@/lib/api/media';
import { downloadPhoto, photoQueries, type PhotoRecord } from '@/lib/api/photos';
import { saveBlob } from '@/lib/media/save-blob';

export function useRefreshPhotoList() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: photoQueries.all() }), [queryClient]);
}

/** Title/description through the spec's PATCH fallbacks (the same chain as audio). */
export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: MediaDetails }) => updateMedia('photo', id, data),
    onSuccess: (details, { id }) => {
      queryClient.setQueryData<PhotoRecord[]>(photoQueries.list().queryKey, (old) => old?.map((p) => (p.id === id ? { ...p, ...details } : p)));
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    },
  });
}

/** DELETE with the spec's fallbacks; the photo leaves the gallery at once. */
export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMedia('photo', id),
    onSuccess: (_v, id) => {
      queryClient.setQueryData<PhotoRecord[]>(photoQueries.list().queryKey, (old) => old?.filter((p) => p.id !== id));
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    },
  });
}

/** The original bytes with the bearer, handed to the browser under the server's file name. */
export function useDownloadPhoto() {
  return useMutation({
    mutationFn: async (photo: Pick<PhotoRecord, 'id' | 'title' | 'download_url' | 'mime_type'>) => {
      const { blob, filename } = await downloadPhoto(photo);
      saveBlob(blob, filename);
      return filename;
    },
  });
}
