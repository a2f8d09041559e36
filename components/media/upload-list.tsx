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
            item.status === 'failed' ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'
          }`}
          data-testid="upload-item"
          data-status={item.status}
        >
          <div className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate font-medium text-slate-900" title={item.name}>
              {item.name}
            </span>
            {item.status === 'uploading' || item.status === 'queued' ? (
              <span className="shrink-0 tabular-nums text-slate-700">
                {item.status === 'queued' ? 'В очереди' : `${percent(item.progress)}%`}
              </span>
            ) : item.status === 'done' ? (
              <span className="shrink-0 text-emerald-800">Загружено</span>
            ) : (
              <button
                type="button"
                onClick={() => onDismiss(item.id)}
                aria-label={`Скрыть сообщение о файле ${item.name}`}
                className="-my-1 shrink-0 rounded px-2 py-1 text-lg leading-none text-red-800 hover:bg-red-100"
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
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent(item.progress)}%` }} />
            </div>
          ) : null}
          {item.status === 'failed' && item.error ? (
            <p role="alert" className="text-red-800">
              {item.error}
              {item.kept ? (
                <>
                  {' '}
                  <Link href={keptRecordHref(item.kept)} className="font-medium underline hover:text-red-900">
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
