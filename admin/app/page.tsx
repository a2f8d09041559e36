import type { Metadata } from 'next';
import { UsersScreen } from '../components/users-screen';

export const metadata: Metadata = { title: 'Пользователи — Администрирование — Копилка' };

export default function UsersPage() {
  return <UsersScreen />;
}
