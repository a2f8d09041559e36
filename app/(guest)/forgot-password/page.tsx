import type { Metadata } from 'next';
import { LazyForgotPasswordForm } from './lazy-forgot-password-form';

export const metadata: Metadata = { title: 'Восстановление пароля — Копилка' };

export default function ForgotPasswordPage() {
  return <LazyForgotPasswordForm />;
}
