'use client';

import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useExportDownload, useUsage } from '@/hooks/use-storage-space';
import { formatBytes } from '@/contract/storage-space';
import { errorInfo } from '@/lib/errors';
import { exportError, usageLoadError } from '@/lib/media-errors';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { KINDS } from '@/lib/media/kind-paths';
import { ProfileSection } from '@/components/ui/section';

export const EXPORT_STARTED = 'Архив начал скачиваться';

/** «Занято 12,3 МБ» (of the quota, when there is one) with the figure per kind. */
function UsageFigures() {
  const usage = useUsage();
  if (usage.isPending) {
    return (
      <div className="flex py-2 text-accent-text">
        <Spinner className="h-5 w-5" label="Загрузка…" />
      </div>
    );
  }
  if (usage.isError) {
    return <LoadFailed message={usageLoadError(errorInfo(usage.error))} onRetry={() => void usage.refetch()} />;
  }
  const { total_bytes: total, quota_bytes: quota } = usage.data;
  const share = quota ? Math.min(1, total / quota) : 0;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-base font-medium text-fg" data-testid="usage-total">
        Занято {formatBytes(total)}
        {quota !== null ? ` из ${formatBytes(quota)}` : ''}
      </p>
      {quota !== null ? (
        <div className="h-2 overflow-hidden rounded-full bg-surface-3" aria-hidden="true">
          <div className={`h-full ${share >= 0.9 ? 'bg-danger' : 'bg-accent'}`} style={{ width: `${share * 100}%` }} />
        </div>
      ) : null}
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {KINDS.map((kind) => (
          <div key={kind} className="rounded-md bg-surface-2 px-3 py-2">
            <dt className="text-fg-muted">{KIND_NAMES[kind].label}</dt>
            <dd className="font-medium text-fg" data-testid={`usage-${kind}`}>
              {formatBytes(usage.data[kind])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-fg-muted">
        Оригиналы и их копии для просмотра. Удалённое занимает место, пока не удалится из корзины навсегда.
      </p>
    </div>
  );
}

/** The space the owner's media take up, and «Скачать всё»: one ZIP of every original with its details. */
export function StorageSection() {
  const exportAll = useExportDownload();
  const { showSuccess, showError } = useSnackbar();

  const download = async () => {
    try {
      await exportAll.mutateAsync();
      showSuccess(EXPORT_STARTED);
    } catch (error) {
      showError(exportError(error));
    }
  };

  return (
    <ProfileSection id="storage-space" title="Место">
      <div className="flex flex-col gap-5">
        <UsageFigures />
        <div className="flex flex-col gap-2 border-t border-line pt-4">
          <p className="text-sm text-fg-muted">
            Один ZIP-архив со всеми оригиналами (кроме корзины) и описанием каждого файла: название, описание, даты, длительность.
          </p>
          <div>
            <Button variant="secondary" loading={exportAll.isPending} onClick={() => void download()}>
              Скачать всё
            </Button>
          </div>
        </div>
      </div>
    </ProfileSection>
  );
}
