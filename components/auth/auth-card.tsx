import type { ReactNode } from 'react';

/** The framed column every guest screen uses. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h1 className="mb-4 text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
      {footer ? <div className="mt-4 text-center text-sm text-slate-700">{footer}</div> : null}
    </div>
  );
}

export function FormAlert({ kind = 'error', children }: { kind?: 'error' | 'success' | 'info'; children: ReactNode }) {
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
