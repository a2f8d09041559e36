'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError } from '@/lib/api/api-error';

/** A screen's heading (the focus goes to it after navigation), its one-line purpose and what sits beside it. */
export function ScreenHeader({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

const TONES = {
  neutral: 'border-line bg-surface-2 text-fg-muted',
  accent: 'border-accent-soft bg-accent-soft text-accent-text',
  danger: 'border-danger-line bg-danger-soft text-danger-text',
  warning: 'border-warning-line bg-warning-soft text-warning-text',
  success: 'border-success-line bg-success-soft text-success-text',
} as const;

/** A short state beside a name: «Администратор», «Вход запрещён», «Ошибка». */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}

/** A list that could not be loaded: the reason, and «Повторить». */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <FormAlert>{error instanceof ApiError ? error.message : 'Не удалось загрузить данные'}</FormAlert>
      <Button variant="secondary" onClick={onRetry} className="pointer-coarse:min-h-11">
        Повторить
      </Button>
    </div>
  );
}

/** A labelled figure: «Файлы» over «12». */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

/** What an admin change failed with, for a snackbar. */
export const failureText = (e: unknown) => (e instanceof ApiError ? e.message : 'Не удалось выполнить действие');
