import type { Metadata } from 'next';
import { LazyResetPasswordForm } from './lazy-reset-password-form';

export const metadata: Metadata = { title: 'Новый пароль — Копилка' };

export default function ResetPasswordPage() {
  return <LazyResetPasswordForm />;
}
