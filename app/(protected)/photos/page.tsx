import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Мои фотографии — Копилка' };

export default function PhotosPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Мои фотографии</h1>
      <p className="mt-2 text-slate-700">Раздел скоро появится.</p>
    </section>
  );
}
