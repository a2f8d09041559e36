import type { Metadata } from 'next';
import { RegistrationScreen } from '../../components/registration-screen';

export const metadata: Metadata = { title: 'Регистрация — Администрирование — Копилка' };

export default function Page() {
  return <RegistrationScreen />;
}
