import type { ReactNode } from 'react';

/** One card of the profile (its h3 names the region), inside one of the page's groups (profile-page.tsx). */
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
      <h3 id={id} className={`mb-4 text-lg font-semibold ${tone === 'danger' ? 'text-danger-text' : 'text-fg'}`}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A group of the profile's cards under its h2 («Аккаунт», «Безопасность», «Хранилище»), the target of the page's section links. */
export function ProfileGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="flex scroll-mt-32 flex-col gap-4 lg:scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}
