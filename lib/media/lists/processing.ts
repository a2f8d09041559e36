import type { MediaStatus } from '@/contract/media';

/** A list re-reads itself this often while one of its records is still processing. */
export const PROCESSING_POLL_MS = 2_000;

/** Whether any record is still being processed (its MP3, photo copies or MP4 not made yet). */
export const isProcessing = (records: readonly { status: MediaStatus }[] | undefined) => !!records?.some((r) => r.status === 'processing');

/** A list query's refetchInterval: every PROCESSING_POLL_MS while a record is processing, else none. */
export const pollWhileProcessing = (query: { state: { data?: readonly { status: MediaStatus }[] } }) =>
  isProcessing(query.state.data) ? PROCESSING_POLL_MS : false;
