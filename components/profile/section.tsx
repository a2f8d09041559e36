import type { ReactNode } from 'react';

export function ProfileSection({
  id,
  title,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border bg-surface p-5 shadow-card sm:p-6 ${tone === 'danger' ? 'border-danger-line' : 'border-line'}`}
    >
      <h2 id={id} className={`mb-4 text-lg font-semibold ${tone === 'danger' ? 'text-danger-text' : 'text-fg'}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
