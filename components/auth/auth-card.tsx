import Link from 'next/link';
import type { ReactNode } from 'react';

/** The framed column every guest screen uses. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-form sm:pt-4">
      <div className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-7">
        <h1 className="mb-5 text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        {children}
      </div>
      {footer ? <div className="mt-4 text-center text-sm text-fg-muted">{footer}</div> : null}
    </div>
  );
}

/** The way back from the password-recovery screens. */
export function BackToLoginLink() {
  return (
    <Link href="/login" className="font-medium text-accent-text underline">
      Вернуться ко входу
    </Link>
  );
}
