'use client';

import { Button } from '@/components/ui/button';
import { useRetryProcessing } from '@/components/media/item/use-retry-processing';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { MediaKind } from '@/lib/api/media';
import { mediaRetryError } from '@/lib/media-errors';

export interface ProcessingFailedProps {
  kind: MediaKind;
  id: number;
  /** Why the processing failed, as the server says (the card's own words when it says nothing); left out when the card shows it. */
  reason?: string;
  /** The item's title: «Повторить» then says which item it sends back («Повторить: Шум прибоя»). */
  name?: string;
}

/** A record whose processing failed: why (unless the card shows it), and «Повторить», which sends it back to be processed. */
export function ProcessingFailed({ kind, id, reason, name }: ProcessingFailedProps) {
  const retry = useRetryProcessing(kind);
  const { showError } = useSnackbar();
  const again = async () => {
    try {
      await retry.mutateAsync(id);
    } catch (error) {
      showError(mediaRetryError(error));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="processing-failed">
      {reason ? <p className="text-sm text-danger-text">{reason}</p> : null}
      <Button
        variant="secondary"
        aria-label={name ? `Повторить: ${name}` : undefined}
        onClick={() => void again()}
        loading={retry.isPending}
      >
        Повторить
      </Button>
    </div>
  );
}
