'use client';

import { useQuery } from '@tanstack/react-query';
import { photoQueries } from '@/lib/api/photos';
import { pollWhileProcessing } from '@/lib/media/lists/processing';

/** The user's photos (GET /api/media/photo/); re-polls while a photo's copies are still being made. */
export function usePhotoList() {
  return useQuery({ ...photoQueries.list(), refetchInterval: pollWhileProcessing });
}
