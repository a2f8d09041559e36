import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { Spinner } from '@/components/ui/spinner';

export const metadata: Metadata = { title: 'Новый пароль — Копилка' };

/** useSearchParams needs a Suspense boundary in a static export. */
export default function ResetPasswordPage() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16 text-brand-600">
          <Spinner className="h-6 w-6" label="Загрузка…" />
        </div>
      }
    >
      <ResetPasswordForm />
    </Suspense>
  );
}
