import type { Metadata } from 'next';
import { VerifyEmailForm } from '@/components/auth/verify-email-form';

export const metadata: Metadata = { title: 'Подтверждение email — Копилка' };

export default function VerifyEmailPage() {
  return <VerifyEmailForm />;
}
