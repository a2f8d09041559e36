import type { Metadata } from 'next';
import { StatusScreen } from '../../components/status-screen';

export const metadata: Metadata = { title: 'Состояние — Администрирование — Копилка' };

export default function Page() {
  return <StatusScreen />;
}
