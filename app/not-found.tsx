import Link from 'next/link';
import { buttonClass } from '@/components/ui/button-styles';

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
