import type { Metadata } from 'next';
import { LazyLoginForm } from './lazy-login-form';

export const metadata: Metadata = { title: 'Вход — Копилка' };

export default function LoginPage() {
  return <LazyLoginForm />;
}
