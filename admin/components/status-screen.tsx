'use client';

import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { adminQueries } from '../lib/api';
import { formatDateTime, REGISTRATION_NAMES } from '../lib/words';
import { Badge, Figure, LoadError, ScreenHeader } from './screen';

const CHECK_NAMES: Record<string, string> = { database: 'База данных', storage: 'Хранилище файлов', worker: 'Обработчик задач' };
const DATABASES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const STORAGES = { local: 'Диск сервера', s3: 'S3' } as const;

/** «Состояние»: whether this server can serve, its version, what it runs on, its migrations. */
export function StatusScreen() {
  const status = useQuery(adminQueries.status());
  return (
    <>
      <ScreenHeader
        title="Состояние"
        description="Проверки этого процесса сервера, версия и то, на чём он работает."
        action={
          <Button variant="secondary" className="pointer-coarse:min-h-11" loading={status.isFetching} onClick={() => void status.refetch()}>
            Проверить снова
          </Button>
        }
      />
      {status.isPending ? (
        <div role="status" aria-label="Загрузка" className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="health" className="rounded-xl border border-line bg-surface p-4">
            <h2 id="health" className="mb-3 flex items-center gap-2 text-lg font-semibold">
              Работоспособность
              {status.data.ready ? <Badge tone="success">Всё в порядке</Badge> : <Badge tone="danger">Есть сбои</Badge>}
            </h2>
            <ul className="flex flex-col gap-2">
              {Object.entries(status.data.checks).map(([name, result]) => (
                <li key={name} className="flex items-center justify-between gap-2 text-sm">
                  <span>{CHECK_NAMES[name] ?? name}</span>
                  {result === 'ok' ? <Badge tone="success">Работает</Badge> : <Badge tone="danger">Не отвечает</Badge>}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="server" className="rounded-xl border border-line bg-surface p-4">
            <h2 id="server" className="mb-3 text-lg font-semibold">
              Сервер
            </h2>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Figure label="Версия">{status.data.version}</Figure>
              <Figure label="База данных">{DATABASES[status.data.database]}</Figure>
              <Figure label="Хранилище">{STORAGES[status.data.storage]}</Figure>
              <Figure label="Учётных записей">{status.data.users}</Figure>
              <Figure label="Администраторов">{status.data.staff}</Figure>
              <Figure label="Регистрация">{REGISTRATION_NAMES[status.data.registration].label}</Figure>
            </dl>
          </section>
          <section aria-labelledby="migrations" className="rounded-xl border border-line bg-surface p-4">
            <h2 id="migrations" className="mb-3 text-lg font-semibold">
              Миграции базы данных
            </h2>
            <ul className="flex flex-col divide-y divide-line text-sm">
              {status.data.migrations.map((m) => (
                <li key={m.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-mono">{m.name}</span>
                  {m.executed_at ? (
                    <span className="text-fg-muted">{formatDateTime(m.executed_at)}</span>
                  ) : (
                    <Badge tone="warning">Не применена</Badge>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </>
  );
}
