import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Мои видео — Копилка' };

export default function VideoPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Мои видео</h1>
      <p className="mt-2 text-slate-700">Раздел скоро появится.</p>
    </section>
  );
}
