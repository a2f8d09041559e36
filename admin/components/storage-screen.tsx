'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import type { AdminUpload } from '@/contract/admin';
import { formatBytes } from '@/contract/storage-space';
import { count } from '@/contract/words';
import { useSnackbar } from '@/hooks/use-snackbar';
import { adminQueries, cancelUpload, checkStorage } from '../lib/api';
import { formatDateTime, KIND_NAMES } from '../lib/words';
import { failureText, Figure, LoadError, ScreenHeader } from './screen';

const FILES = ['файл', 'файла', 'файлов'] as const;
const STORAGE_NAMES = { local: 'Диск сервера (DATA_DIR)', s3: 'S3-совместимое хранилище' } as const;

/** Unfinished uploads, each owner's together. */
function byOwner(uploads: AdminUpload[]): [string, AdminUpload[]][] {
  const groups = new Map<string, AdminUpload[]>();
  for (const u of uploads) groups.set(u.email, [...(groups.get(u.email) ?? []), u]);
  return [...groups.entries()];
}

/** «Хранилище»: what the files take, what the reconciliation would remove, and the unfinished uploads («Отменить»). */
export function StorageScreen() {
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useSnackbar();
  const storage = useQuery(adminQueries.storage());
  const check = useMutation({ mutationFn: checkStorage, onError: (e) => showError(failureText(e)) });
  const [asked, setAsked] = useState<AdminUpload | null>(null);
  const cancel = useMutation({
    mutationFn: (upload: AdminUpload) => cancelUpload(upload.id),
    onSuccess: () => {
      showSuccess('Загрузка отменена.');
      setAsked(null);
      void queryClient.invalidateQueries({ queryKey: adminQueries.storage().queryKey });
    },
    onError: (e) => {
      showError(failureText(e));
      setAsked(null);
    },
  });

  return (
    <>
      <ScreenHeader title="Хранилище" description="Сколько места занимают файлы всех пользователей. Сами файлы здесь не видны." />
      {storage.isPending ? (
        <div role="status" aria-label="Загрузка" className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : storage.isError ? (
        <LoadError error={storage.error} onRetry={() => void storage.refetch()} />
      ) : (
        <>
          <section aria-labelledby="used" className="mb-8 rounded-xl border border-line bg-surface p-4">
            <h2 id="used" className="mb-3 text-lg font-semibold">
              Занято
            </h2>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              <Figure label="Всего">{formatBytes(storage.data.used_bytes)}</Figure>
              <Figure label="Файлов">{storage.data.files}</Figure>
              {storage.data.by_kind.map((k) => (
                <Figure key={k.kind} label={KIND_NAMES[k.kind] ?? k.kind}>
                  {formatBytes(k.bytes)} · {count(k.files, FILES)}
                </Figure>
              ))}
            </dl>
            <p className="mt-3 text-sm text-fg-muted">Где хранятся: {STORAGE_NAMES[storage.data.kind]}.</p>
          </section>

          <section aria-labelledby="reconcile" className="mb-8 rounded-xl border border-line bg-surface p-4">
            <h2 id="reconcile" className="mb-1 text-lg font-semibold">
              Сверка
            </h2>
            <p className="mb-3 text-sm text-fg-muted">
              Файлы, которые не принадлежат ни одной записи и не менялись больше часа. Сверка удаляет их сама раз в час; проверка только
              показывает и ничего не удаляет.
            </p>
            <Button variant="secondary" className="pointer-coarse:min-h-11" loading={check.isPending} onClick={() => check.mutate()}>
              Проверить сейчас
            </Button>
            {check.data ? (
              <div className="mt-3" role="status">
                {check.data.objects.length === 0 ? (
                  <FormAlert kind="success">Лишних файлов нет: каждый файл принадлежит записи.</FormAlert>
                ) : (
                  <>
                    <FormAlert kind="info">Лишних файлов: {check.data.objects.length}. Ближайшая сверка их удалит.</FormAlert>
                    <ul className="mt-2 max-h-48 overflow-auto rounded-md border border-line bg-surface-2 p-2 font-mono text-xs">
                      {check.data.objects.map((key) => (
                        <li key={key}>{key}</li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            ) : null}
          </section>

          <section aria-labelledby="uploads">
            <h2 id="uploads" className="mb-3 text-lg font-semibold">
              Незавершённые загрузки
            </h2>
            {storage.data.uploads.length === 0 ? (
              <EmptyState
                title="Незавершённых загрузок нет"
                description="Загрузки, прерванные на полпути, появятся здесь до их завершения или истечения."
              />
            ) : (
              <ul className="flex flex-col gap-3">
                {byOwner(storage.data.uploads).map(([email, uploads]) => (
                  <li key={email} className="rounded-xl border border-line bg-surface p-4">
                    <p className="mb-2 font-medium">{email}</p>
                    <ul className="flex flex-col divide-y divide-line">
                      {uploads.map((u) => (
                        <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="admin-upload">
                          <span className="text-sm">
                            {KIND_NAMES[u.kind] ?? u.kind}, {formatBytes(u.size)} · начата {formatDateTime(u.created_at)}
                          </span>
                          <Button variant="secondary" size="sm" className="pointer-coarse:min-h-11" onClick={() => setAsked(u)}>
                            Отменить
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Отменить загрузку?"
        message={asked ? `Загрузка ${asked.email} (${formatBytes(asked.size)}) будет удалена вместе с уже полученной частью.` : ''}
        confirmLabel="Отменить загрузку"
        cancelLabel="Не отменять"
        busy={cancel.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && cancel.mutate(asked)}
      />
    </>
  );
}
