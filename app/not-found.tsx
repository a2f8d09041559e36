import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button-styles';

/** A missing page says so in its title too (the static export's 404.html), not just the product's name. */
export const metadata: Metadata = { title: 'Страница не найдена — Копилка' };

export default function NotFound() {
  return (
    <div className="mx-auto flex w-full max-w-form flex-col items-center gap-4 py-12 text-center">
      <p className="text-6xl font-bold tracking-tight text-accent-text" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">Страница не найдена</h1>
      <p className="text-fg-muted">Возможно, страница была удалена или адрес набран с ошибкой.</p>
      <Link href="/" className={buttonClass('primary')}>
        На главную
      </Link>
    </div>
  );
}
