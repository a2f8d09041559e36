'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import type { AuditEntry } from '@/contract/admin';
import { formatBytes } from '@/contract/storage-space';
import { adminQueries } from '../lib/api';
import { AUDIT_ACTION_NAMES, formatDateTime, REGISTRATION_NAMES } from '../lib/words';
import { LoadError, ScreenHeader } from './screen';

/** A few words on what changed, from the entry's details (a quota, a registration mode, sessions ended). */
function detailText(entry: AuditEntry): string | null {
  const d = entry.details;
  const size = (v: unknown) => (typeof v === 'number' ? formatBytes(v) : 'общая');
  const mode = (v: unknown) =>
    typeof v === 'string' && v in REGISTRATION_NAMES ? REGISTRATION_NAMES[v as keyof typeof REGISTRATION_NAMES].label : '—';
  switch (entry.action) {
    case 'user.quota':
      return `${size(d.from)} → ${size(d.to)}`;
    case 'settings.registration':
      return `${mode(d.from)} → ${mode(d.to)}`;
    case 'user.staff':
      return d.is_staff ? 'выданы' : 'сняты';
    case 'user.disable':
    case 'user.sessions_end':
      return typeof d.sessions_ended === 'number' ? `сеансов завершено: ${d.sessions_ended}` : null;
    case 'user.reset_link':
      return d.sent === 'email' ? 'отправлена на адрес' : 'выдана в командной строке';
    default:
      return null;
  }
}

/** «Журнал»: every admin action of the last year, newest first — who, what, whom, when and from which address. */
export function AuditScreen() {
  const audit = useInfiniteQuery(adminQueries.audit());
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <>
      <ScreenHeader title="Журнал" description="Действия администраторов за последний год: кто, что, с кем, когда и откуда." />
      {audit.isPending ? (
        <SkeletonRows label="Загрузка журнала" rows={5} />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="Журнал пуст" description="Здесь появятся действия администраторов." />
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface" aria-label="Действия администраторов">
            {entries.map((entry) => {
              const detail = detailText(entry);
              return (
                <li
                  key={entry.id}
                  className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4"
                  data-testid="audit-entry"
                >
                  <time dateTime={entry.created_at} className="shrink-0 text-sm text-fg-muted sm:w-44">
                    {formatDateTime(entry.created_at)}
                  </time>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm">
                      <span className="font-medium">{AUDIT_ACTION_NAMES[entry.action] ?? entry.action}</span>
                      {entry.target ? <span className="break-all">: {entry.target}</span> : null}
                      {detail ? <span className="text-fg-muted"> ({detail})</span> : null}
                    </p>
                    <p className="break-all text-xs text-fg-muted">
                      {entry.actor === 'cli' ? 'Командная строка' : entry.actor}
                      {entry.ip ? ` · ${entry.ip}` : ''}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
          {audit.hasNextPage ? (
            <div className="mt-4">
              <Button
                variant="secondary"
                className="pointer-coarse:min-h-11"
                loading={audit.isFetchingNextPage}
                onClick={() => void audit.fetchNextPage()}
              >
                Показать ещё
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
