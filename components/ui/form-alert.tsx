import type { ReactNode } from 'react';

export type FormAlertKind = 'error' | 'success' | 'info';

/**
 * A message above a form: errors are announced at once (role=alert), the rest politely (role=status). `id` lets
 * the field it is about point at it (a refused code: `alertId` on the CodeField).
 */
export function FormAlert({ kind = 'error', id, children }: { kind?: FormAlertKind; id?: string; children: ReactNode }) {
  const cls =
    kind === 'error'
      ? 'border-danger-line bg-danger-soft text-danger-text'
      : kind === 'success'
        ? 'border-success-line bg-success-soft text-success-text'
        : 'border-accent-soft bg-accent-soft text-fg';
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${cls}`}>
      {children}
    </div>
  );
}
