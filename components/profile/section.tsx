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
      className={`rounded-lg border bg-white p-4 shadow-sm sm:p-6 ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h2 id={id} className={`mb-4 text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
