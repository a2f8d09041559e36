import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="mx-auto max-w-3xl p-6 text-center">
      <h1 className="text-2xl font-semibold">Страница не найдена</h1>
      <Link href="/" className="mt-4 inline-block rounded bg-brand-600 px-4 py-2 text-white">
        На главную
      </Link>
    </main>
  );
}
