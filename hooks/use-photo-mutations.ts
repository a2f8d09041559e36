'use client';

import { photoDownloadLink, photoQueries, type PhotoRecord } from '@/lib/api/photos';
import {
  useDeleteMediaItem,
  useMediaDownload,
  useRefreshMediaList,
  useRestoreMediaItem,
  useUpdateMediaItem,
  type MediaListKeys,
} from './use-media-mutations';

const keys: MediaListKeys = { all: photoQueries.all(), list: photoQueries.list().queryKey };

/** After an upload the gallery is read once; it goes on re-reading while a photo's copies are being made. */
export function useRefreshPhotoList() {
  return useRefreshMediaList(keys);
}

/** Title/description by one PATCH, as for audio (the fallbacks only when it cannot get through). */
export function useUpdatePhoto() {
  return useUpdateMediaItem<PhotoRecord>('photo', keys);
}

/** One DELETE, as for audio; the photo leaves the gallery at once. */
export function useDeletePhoto() {
  return useDeleteMediaItem<PhotoRecord>('photo', keys);
}

export function useRestorePhoto() {
  return useRestoreMediaItem('photo', keys);
}

/** The original bytes through a signed link, saved by the browser under the server's file name. */
export function useDownloadPhoto() {
  return useMediaDownload((photo: Pick<PhotoRecord, 'id'>) => photoDownloadLink(photo));
}
