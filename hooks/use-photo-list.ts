'use client';

import { useQuery } from '@tanstack/react-query';
import { photoQueries } from '@/lib/api/photos';

/** The user's photos (GET /api/media/photo/). Photos are processed during the upload: no polling. */
export function usePhotoList() {
  return useQuery(photoQueries.list());
}
