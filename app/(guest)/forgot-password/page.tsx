import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { title: 'Восстановление пароля — Копилка' };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
