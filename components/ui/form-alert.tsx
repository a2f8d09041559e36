import type { ReactNode } from 'react';

export type FormAlertKind = 'error' | 'success' | 'info';

/** A message above a form: errors are announced at once (role=alert), the rest politely (role=status). */
export function FormAlert({ kind = 'error', children }: { kind?: FormAlertKind; children: ReactNode }) {
  const cls =
    kind === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : kind === 'success'
        ? 'border-emerald-200 bg-emerald-50 text-emerald-800'
        : 'border-brand-100 bg-brand-50 text-slate-800';
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${cls}`}>
      {children}
    </div>
  );
}
