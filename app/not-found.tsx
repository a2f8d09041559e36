import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <p className="text-5xl font-bold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Страница не найдена</h1>
      <p className="text-slate-700">Возможно, страница была удалена или адрес набран с ошибкой.</p>
      <Link
        href="/"
        className="inline-flex min-h-10 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        На главную
      </Link>
    </div>
  );
}
