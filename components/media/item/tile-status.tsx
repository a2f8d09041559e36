import { Spinner } from '@/components/ui/spinner';
import type { MediaRecord } from '@/contract/media';

/** What a tile and a viewer say of a record still being processed: «обрабатывается». */
export const PROCESSING = 'обрабатывается';

export interface TileStatusProps {
  record: Pick<MediaRecord, 'status' | 'failure_reason'>;
  /** Why the processing failed when the server says nothing: the kind's words. */
  failed: string;
  /** The cover while processing, its shade over the kind's picture (`bg-slate-900/60`), and its test id. */
  shade: string;
  testId: string;
}

/**
 * What covers a tile's picture while its record is processed (a spinner and «обрабатывается»), or why its
 * processing failed; nothing once it is ready. Every kind drawn as tiles shows its status with this one.
 */
export function TileStatus({ record, failed, shade, testId }: TileStatusProps) {
  if (record.status === 'processing') {
    return (
      <span
        className={`absolute inset-0 flex items-center justify-center gap-2 ${shade} text-sm font-medium text-white`}
        data-testid={testId}
      >
        <Spinner /> {PROCESSING}
      </span>
    );
  }
  if (record.status === 'failed') {
    return (
      <span className="absolute inset-0 flex items-center justify-center bg-slate-900/80 px-3 text-center text-sm font-medium text-white">
        {record.failure_reason ?? failed}
      </span>
    );
  }
  return null;
}
