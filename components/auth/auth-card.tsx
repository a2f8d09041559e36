import Link from 'next/link';
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

/** The way back from the password-recovery screens. */
export function BackToLoginLink() {
  return (
    <Link href="/login" className="font-medium text-brand-700 underline">
      Вернуться ко входу
    </Link>
  );
}
