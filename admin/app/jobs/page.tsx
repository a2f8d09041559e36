import type { Metadata } from 'next';
import { JobsScreen } from '../../components/jobs-screen';

export const metadata: Metadata = { title: 'Задачи — Администрирование — Копилка' };

export default function Page() {
  return <JobsScreen />;
}
