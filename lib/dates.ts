import { lazily } from '@/lib/lazily';

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const time = lazily(() => new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' }));
const dayMonth = lazily(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' }));
const full = lazily(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }));

/** «Сегодня, 14:05», «Вчера, 09:30», «12 ноября», «3 марта 2025» — a date as a list of recent things says it. */
export function shortDate(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(d, now)) return `Сегодня, ${time().format(d)}`;
  if (sameDay(d, yesterday)) return `Вчера, ${time().format(d)}`;
  return d.getFullYear() === now.getFullYear() ? dayMonth().format(d) : full().format(d);
}
