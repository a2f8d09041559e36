'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { getExportLink, usageQueries } from '@/lib/api/storage-space';
import type { ItemRef } from '@/contract/albums';
import { startDownload } from '@/lib/media/start-download';

/** What the owner's media take up, read afresh whenever the profile shows it. */
export function useUsage() {
  return useQuery({ ...usageQueries.current(), refetchOnMount: 'always' });
}

/**
 * «Скачать всё» (or «Скачать» on a selection, with its items): a signed link to the ZIP, handed to the
 * browser, which saves it straight to disk.
 */
export function useExportDownload() {
  return useMutation({ mutationFn: async (items?: readonly ItemRef[]) => startDownload(await getExportLink(items)) });
}
