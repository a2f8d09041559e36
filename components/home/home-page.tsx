'use client';

import { useAtomValue } from 'jotai';
import Link from 'next/link';
import { authStatusAtom } from '@/lib/auth/atoms';

const CARDS = [
  {
    href: '/audio',
    title: 'Аудио',
    text: 'Записывайте и храните важные аудиозаписи',
    icon: 'M12 3a3 3 0 00-3 3v6a3 3 0 006 0V6a3 3 0 00-3-3zM5 11a7 7 0 0014 0M12 18v3',
  },
  {
    href: '/photos',
    title: 'Фото',
    text: 'Загружайте и храните важные фотографии',
    icon: 'M4 7h3l2-3h6l2 3h3v12H4zM12 17a4 4 0 100-8 4 4 0 000 8z',
  },
  { href: '/video', title: 'Видео', text: 'Записывайте и храните важные видео', icon: 'M3 6h12v12H3zM15 10l6-3v10l-6-3' },
];

export function HomePage() {
  const guest = useAtomValue(authStatusAtom) === 'guest';
  return (
    <div className="flex flex-col gap-6">
      <section className="text-center">
        <h1 className="text-2xl font-semibold sm:text-3xl">Копилка</h1>
        <p className="mt-2 text-slate-700">Личное хранилище ваших аудиозаписей, фотографий и видео</p>
      </section>

      {guest ? (
        <section aria-labelledby="guest-prompt" className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-center">
          <h2 id="guest-prompt" className="text-base font-medium text-slate-900">
            Войдите, чтобы получить доступ к функциям Копилки
          </h2>
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <Link
              href="/login"
              className="inline-flex min-h-10 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              Войти
            </Link>
            <Link
              href="/register"
              className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Зарегистрироваться
            </Link>
          </div>
        </section>
      ) : null}

      <ul className="grid gap-4 sm:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.href}>
            <Link
              href={card.href}
              className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow"
            >
              <svg
                viewBox="0 0 24 24"
                className="h-8 w-8 text-brand-600"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              >
                <path d={card.icon} />
              </svg>
              <h2 className="text-lg font-semibold text-slate-900">{card.title}</h2>
              <p className="text-sm text-slate-700">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
