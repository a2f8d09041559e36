import type { Metadata } from 'next';
import { LazyRegisterForm } from './lazy-register-form';

export const metadata: Metadata = { title: 'Регистрация — Копилка' };

export default function RegisterPage() {
  return <LazyRegisterForm />;
}
