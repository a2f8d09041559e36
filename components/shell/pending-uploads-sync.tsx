'use client';

import { usePendingUploadsSync } from '@/components/media/uploads/use-pending-uploads';

/** Sends the recordings saved with no network by themselves (see usePendingUploadsSync). */
export function PendingUploadsSync() {
  usePendingUploadsSync();
  return null;
}
