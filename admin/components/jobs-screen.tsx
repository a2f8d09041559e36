'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import type { AdminJob, JobState } from '@/contract/admin';
import { useSnackbar } from '@/hooks/use-snackbar';
import { adminQueries, retryJob } from '../lib/api';
import { formatDateTime, JOB_KIND_NAMES, JOB_STATE_NAMES } from '../lib/words';
import { Badge, failureText, LoadError, ScreenHeader } from './screen';

const STATE_TONES = { waiting: 'neutral', running: 'accent', failed: 'danger' } as const;
const FILTERS: { value: JobState | 'all'; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'failed', label: 'С ошибкой' },
  { value: 'running', label: 'Выполняются' },
  { value: 'waiting', label: 'Ждут' },
];

/** «Задачи»: the job queue (processing, clean-ups): waiting, running, failed with the error; a failed or waiting one runs again now. */
export function JobsScreen() {
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useSnackbar();
  const jobs = useQuery(adminQueries.jobs());
  const [filter, setFilter] = useState<JobState | 'all'>('all');
  const [asked, setAsked] = useState<AdminJob | null>(null);
  const retry = useMutation({
    mutationFn: (job: AdminJob) => retryJob(job.id),
    onSuccess: (job) => {
      showSuccess(`Задача ${job.id} запущена снова.`);
      setAsked(null);
      void queryClient.invalidateQueries({ queryKey: adminQueries.jobs().queryKey });
    },
    onError: (e) => {
      showError(failureText(e));
      setAsked(null);
    },
  });
  const shown = jobs.data?.filter((j) => filter === 'all' || j.state === filter) ?? [];
  const counts = (state: JobState | 'all') => jobs.data?.filter((j) => state === 'all' || j.state === state).length ?? 0;

  return (
    <>
      <ScreenHeader
        title="Задачи"
        description="Обработка файлов и уборка, которую выполняют фоновые обработчики. Обновляется каждые 5 секунд."
      />
      <div role="group" aria-label="Какие задачи показать" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className="min-h-10 rounded-full border border-line bg-surface px-4 text-sm font-medium text-fg-muted pointer-coarse:min-h-11 aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent-text"
          >
            {f.label} ({counts(f.value)})
          </button>
        ))}
      </div>
      {jobs.isPending ? (
        <SkeletonRows label="Загрузка задач" rows={3} />
      ) : jobs.isError ? (
        <LoadError error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          title={filter === 'all' ? 'Очередь пуста' : 'Таких задач нет'}
          description="Здесь появятся задачи обработки и уборки."
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Задачи">
          {shown.map((job) => (
            <li key={job.id} className="rounded-xl border border-line bg-surface p-4" data-testid="admin-job">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{JOB_KIND_NAMES[job.kind] ?? job.kind}</span>
                    <Badge tone={STATE_TONES[job.state]}>{JOB_STATE_NAMES[job.state]}</Badge>
                    <span className="text-xs text-fg-muted">№ {job.id}</span>
                  </p>
                  <p className="text-sm text-fg-muted">
                    Попыток: {job.attempts} · {job.state === 'running' ? 'выполняется' : `запуск ${formatDateTime(job.run_after)}`}
                  </p>
                </div>
                {job.state !== 'running' ? (
                  <Button variant="secondary" size="sm" className="pointer-coarse:min-h-11" onClick={() => setAsked(job)}>
                    Повторить
                  </Button>
                ) : null}
              </div>
              {job.last_error ? (
                <pre className="mt-3 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-md bg-danger-soft p-3 text-xs text-danger-text">
                  {job.last_error}
                </pre>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Повторить задачу?"
        message={
          asked ? `«${JOB_KIND_NAMES[asked.kind] ?? asked.kind}» (№ ${asked.id}) запустится сейчас, счётчик попыток начнётся заново.` : ''
        }
        confirmLabel="Повторить"
        danger={false}
        busy={retry.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && retry.mutate(asked)}
      />
    </>
  );
}
