'use client';

import Link from 'next/link';
import { keptRecordHref, type UploadItem } from '@/lib/media/uploads/upload-queue';

const percent = (p: number) => Math.round(p * 100);

/**
 * One row per chosen file: name, progress bar while sending, 'Загружено', or the refusal with a close
 * button (a file already kept links to the record that has it).
 */
export function UploadList({ items, onDismiss, label }: { items: readonly UploadItem[]; onDismiss: (id: string) => void; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2" data-testid="upload-list">
      {items.map((item) => (
        <li
          key={item.id}
          className={`flex flex-col gap-1 rounded-md border px-3 py-2 text-sm ${
            item.status === 'failed' ? 'border-danger-line bg-danger-soft' : 'border-line bg-surface'
          }`}
          data-testid="upload-item"
          data-status={item.status}
        >
          <div className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate font-medium text-fg" title={item.name}>
              {item.name}
            </span>
            {item.status === 'uploading' || item.status === 'queued' ? (
              <span className="shrink-0 tabular-nums text-fg-muted">
                {item.status === 'queued' ? 'В очереди' : `${percent(item.progress)}%`}
              </span>
            ) : item.status === 'done' ? (
              <span className="shrink-0 text-success-text">Загружено</span>
            ) : (
              <button
                type="button"
                onClick={() => onDismiss(item.id)}
                aria-label={`Скрыть сообщение о файле ${item.name}`}
                className="-my-1 shrink-0 rounded px-2 py-1 text-lg leading-none text-danger-text hover:bg-danger-soft"
              >
                ×
              </button>
            )}
          </div>
          {item.status === 'uploading' || item.status === 'queued' ? (
            <div
              role="progressbar"
              aria-label={`Загрузка файла ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent(item.progress)}
              className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
            >
              <div className="h-full bg-accent transition-[width]" style={{ width: `${percent(item.progress)}%` }} />
            </div>
          ) : null}
          {item.status === 'failed' && item.error ? (
            <p role="alert" className="text-danger-text">
              {item.error}
              {item.kept ? (
                <>
                  {' '}
                  <Link href={keptRecordHref(item.kept)} className="font-medium underline hover:text-danger-text">
                    Открыть
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
