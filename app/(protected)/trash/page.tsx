import type { Metadata } from 'next';
import { LazyTrashScreen } from './lazy-trash-screen';

export const metadata: Metadata = { title: 'Корзина — Копилка' };

export default function TrashPage() {
  return <LazyTrashScreen />;
}
