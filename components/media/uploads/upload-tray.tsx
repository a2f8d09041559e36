'use client';

import { useId, useState } from 'react';
import { CloseButton } from '@/components/ui/close-button';
import { IconButton } from '@/components/ui/icon-button';
import { LineIcon } from '@/components/ui/line-icon';
import type { UploadItem } from '@/lib/media/uploads/upload-queue';
import { UploadList, type UploadListProps } from './upload-list';

/** «Отправлено 2 из 5» while files are on their way; what is left to look at once they are all through. */
function summary(items: readonly UploadItem[]): string {
  const active = items.filter((i) => i.status === 'uploading' || i.status === 'queued').length;
  if (active > 0) return `Отправлено ${items.length - active} из ${items.length}`;
  const failed = items.filter((i) => i.status === 'failed').length;
  if (failed > 0) return `Не загружено: ${failed}`;
  return 'Готово';
}

/**
 * The uploads out of the way (Google Photos, Immich): a card in the bottom corner (above the bottom bar on a phone)
 * with each file's progress, which folds to its heading and a bar of the whole; × clears it once nothing is sent.
 */
export function UploadTray({ items, onDismiss, onRetry, label }: UploadListProps) {
  const [folded, setFolded] = useState(false);
  const listId = useId();
  if (items.length === 0) return null;
  const active = items.some((i) => i.status === 'uploading' || i.status === 'queued');
  const whole = items.reduce((sum, i) => sum + (i.status === 'uploading' ? i.progress : i.status === 'queued' ? 0 : 1), 0) / items.length;
  return (
    <section
      aria-label={label}
      data-testid="upload-tray"
      className="fixed bottom-4 right-4 z-40 flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-float session:max-sm:inset-x-2 session:max-sm:bottom-[calc(4.5rem+env(safe-area-inset-bottom))] session:max-sm:w-auto"
    >
      <div className="flex items-center gap-1 py-1 pl-4 pr-1">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-fg">Загрузки</h2>
        <span className="shrink-0 text-xs tabular-nums text-fg-muted" aria-live="polite" data-testid="upload-summary">
          {summary(items)}
        </span>
        <IconButton
          label={folded ? 'Развернуть' : 'Свернуть'}
          aria-expanded={!folded}
          aria-controls={listId}
          onClick={() => setFolded((f) => !f)}
        >
          <LineIcon d="M6 9l6 6 6-6" className={`h-5 w-5 transition-transform ${folded ? 'rotate-180' : ''}`} />
        </IconButton>
        {active ? null : <CloseButton label="Закрыть загрузки" onClick={() => items.forEach((i) => onDismiss(i.id))} />}
      </div>
      {folded ? (
        active ? (
          <div className="h-1 w-full bg-surface-3" aria-hidden="true">
            <div className="h-full bg-accent transition-[width]" style={{ width: `${Math.round(whole * 100)}%` }} />
          </div>
        ) : null
      ) : (
        <div className="max-h-72 overflow-y-auto px-2 pb-2">
          <UploadList items={items} onDismiss={onDismiss} onRetry={onRetry} label={label} id={listId} />
        </div>
      )}
    </section>
  );
}
