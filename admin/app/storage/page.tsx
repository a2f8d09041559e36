import type { Metadata } from 'next';
import { StorageScreen } from '../../components/storage-screen';

export const metadata: Metadata = { title: 'Хранилище — Администрирование — Копилка' };

export default function Page() {
  return <StorageScreen />;
}
