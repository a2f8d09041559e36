import Link from 'next/link';
import { NavIcon } from '@/components/shell/nav-items';
import { buttonClass } from '@/components/ui/button-styles';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { KINDS } from '@/lib/media/kind-paths';

/**
 * The guest's home: what Копилка is, the prompt to sign in, the spec's three cards (a kind's each: what the section
 * keeps, leading to its screen). A server component: the exported page
 * carries it as markup, with no code of its own; held back while a stored session is being checked.
 */
export function GuestHome() {
  return (
    <div className="flex flex-col gap-8 session:hidden">
      <section className="flex flex-col items-center gap-3 pt-4 text-center sm:pt-10">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Копилка</h1>
        <p className="max-w-xl text-lg text-fg-muted">Личное хранилище ваших аудиозаписей, фотографий и видео</p>
      </section>

      <section
        aria-labelledby="guest-prompt"
        className="mx-auto w-full max-w-xl rounded-xl border border-line bg-surface p-5 text-center shadow-card"
      >
        <h2 id="guest-prompt" className="text-base font-medium text-fg">
          Войдите, чтобы получить доступ к функциям Копилки
        </h2>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link href="/login" className={buttonClass('primary')}>
            Войти
          </Link>
          <Link href="/register" className={buttonClass('secondary')}>
            Зарегистрироваться
          </Link>
        </div>
      </section>

      <ul className="grid gap-4 sm:grid-cols-3">
        {KINDS.map((kind) => {
          const name = KIND_NAMES[kind];
          // Not prefetched: a guest is sent from a section to «Вход» (whose link above is), and the sections' three
          // prefetches ran in the page's busiest second on a phone (Lighthouse's blocking time).
          return (
            <li key={kind}>
              <Link
                href={name.href}
                prefetch={false}
                className="flex h-full flex-col gap-3 rounded-xl border border-line bg-surface p-5 shadow-card transition-colors hover:border-accent"
              >
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
                  <NavIcon name={kind} />
                </span>
                <h2 className="text-lg font-semibold text-fg">{name.label}</h2>
                <p className="text-sm text-fg-muted">{name.pitch}</p>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
