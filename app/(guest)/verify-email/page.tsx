import type { Metadata } from 'next';
import { LazyVerifyEmailForm } from './lazy-verify-email-form';

export const metadata: Metadata = { title: 'Подтверждение email — Копилка' };

export default function VerifyEmailPage() {
  return <LazyVerifyEmailForm />;
}
