'use client';

import Link from 'next/link';
import { keptRecordHref, type UploadItem } from '@/lib/media/uploads/upload-queue';

const percent = (p: number) => Math.round(p * 100);
const sending = (item: UploadItem) => item.status === 'uploading' || item.status === 'queued';

const STATUS_NOTE: Partial<Record<UploadItem['status'], string>> = { done: 'Загружено', queued: 'В очереди' };

export interface UploadListProps {
  items: readonly UploadItem[];
  onDismiss: (id: string) => void;
  /** «Повторить» on a failure that sending again may mend. */
  onRetry?: (id: string) => void;
  label: string;
  id?: string;
}

/**
 * One row per chosen file: name, progress bar while sending, «Загружено»; a refusal in red with a close button
 * (and «Повторить» where sending again may help); a file kept already, neutrally, with a link to its record.
 */
export function UploadList({ items, onDismiss, onRetry, label, id }: UploadListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} id={id} className="flex flex-col gap-2" data-testid="upload-list">
      {items.map((item) => (
        <li
          key={item.id}
          className={`flex flex-col gap-1 rounded-md border px-3 py-2 text-sm ${
            item.status === 'failed' ? 'border-danger-line bg-danger-soft' : 'border-line bg-surface'
          }`}
          data-testid="upload-item"
          data-status={item.status}
        >
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium text-fg" title={item.name}>
              {item.name}
            </span>
            {item.status === 'uploading' ? (
              <span className="shrink-0 tabular-nums text-fg-muted">{percent(item.progress)}%</span>
            ) : STATUS_NOTE[item.status] ? (
              <span className={`shrink-0 ${item.status === 'done' ? 'text-success-text' : 'text-fg-muted'}`}>
                {STATUS_NOTE[item.status]}
              </span>
            ) : (
              <span className="-my-1 flex shrink-0 items-center gap-1">
                {item.status === 'failed' && item.retryable && onRetry ? (
                  <button
                    type="button"
                    onClick={() => onRetry(item.id)}
                    aria-label={`Повторить загрузку файла ${item.name}`}
                    className="rounded px-2 py-1 font-medium text-danger-text underline-offset-2 hover:underline pointer-coarse:min-h-11"
                  >
                    Повторить
                  </button>
                ) : null}
                <button
                  type="button"
                  onClick={() => onDismiss(item.id)}
                  aria-label={`Скрыть сообщение о файле ${item.name}`}
                  className={`rounded px-2 py-1 text-lg leading-none pointer-coarse:min-h-11 pointer-coarse:min-w-11 ${
                    item.status === 'failed' ? 'text-danger-text hover:bg-danger-soft' : 'text-fg-muted hover:bg-surface-3'
                  }`}
                >
                  ×
                </button>
              </span>
            )}
          </div>
          {sending(item) ? (
            <div
              role="progressbar"
              aria-label={`Загрузка файла ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent(item.progress)}
              className="h-1.5 w-full overflow-hidden rounded-full bg-surface-3"
            >
              <div className="h-full bg-accent transition-[width]" style={{ width: `${percent(item.progress)}%` }} />
            </div>
          ) : null}
          {item.status === 'failed' && item.error ? (
            <p role="alert" className="text-danger-text">
              {item.error}
            </p>
          ) : null}
          {item.status === 'kept' && item.kept ? (
            <p role="status" className="text-fg-muted">
              Уже в Копилке{' '}
              <Link href={keptRecordHref(item.kept)} className="font-medium text-accent-text underline">
                Открыть
              </Link>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
