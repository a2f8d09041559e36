import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata: Metadata = { title: 'Страница не найдена — Администрирование — Копилка' };

export default function NotFound() {
  return (
    <div className="mx-auto flex w-full max-w-form flex-col items-center gap-4 py-12 text-center">
      <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
        Страница не найдена
      </h1>
      <p className="text-fg-muted">В разделе администрирования нет такой страницы.</p>
      <Link href="/" className={buttonClass('primary')}>
        К пользователям
      </Link>
    </div>
  );
}
