'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { useSnackbar } from '@/hooks/use-snackbar';
import { resendEmailTarget, useResendEmailCode, useVerifyEmail } from '@/components/auth/use-auth-flows';
import { getPendingEmail, setPendingEmail } from '@/lib/auth/storage';
import { CODE_RESENT, EMAIL_NOT_FOUND, EMAIL_VERIFIED, errorInfo, resendError, verifyEmailError } from '@/lib/errors';
import { codeSchema, type CodeValues } from '@/lib/schemas/auth';
import { useFormMessage } from '@/components/ui/form-message';
import { AuthCard } from './auth-card';

/** Once the email is confirmed, the visitor goes to /login after 2 s. */
export const AFTER_VERIFY_DELAY_MS = 2_000;

export function VerifyEmailForm() {
  const router = useRouter();
  const snackbar = useSnackbar();
  const verify = useVerifyEmail();
  const resend = useResendEmailCode();
  const [email, setEmail] = useState<string | null>(null);
  const { setMessage, alert, codeAlertId } = useFormMessage();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    setEmail(getPendingEmail());
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const form = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await verify.mutateAsync({ code: values.code.trim(), email });
      setPendingEmail(null);
      setDone(true);
      setMessage({ kind: 'success', text: EMAIL_VERIFIED });
      snackbar.showSuccess(EMAIL_VERIFIED);
      timer.current = setTimeout(() => router.push('/login'), AFTER_VERIFY_DELAY_MS);
    } catch (e) {
      setMessage({ kind: 'error', text: verifyEmailError(errorInfo(e)), code: true });
      form.setFocus('code', { shouldSelect: true });
    }
  });

  const onResend = async () => {
    setMessage(null);
    const target = resendEmailTarget(email);
    if (!target) {
      setMessage({ kind: 'error', text: EMAIL_NOT_FOUND });
      return;
    }
    try {
      await resend.mutateAsync(target);
      setMessage({ kind: 'success', text: CODE_RESENT });
    } catch (e) {
      setMessage({ kind: 'error', text: resendError(errorInfo(e)) });
    }
  };

  return (
    <AuthCard title="Подтверждение email">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          {email ? (
            <>
              Мы отправили 6-значный код на <strong className="break-words">{email}</strong>. Введите его ниже.
            </>
          ) : (
            'Введите 6-значный код из письма.'
          )}
        </p>
        {alert}
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
          <CodeField label="Код подтверждения" error={errors.code?.message} alertId={codeAlertId} {...form.register('code')} />
          <Button type="submit" loading={isSubmitting} disabled={done} fullWidth>
            Подтвердить
          </Button>
        </form>
        <Button variant="ghost" onClick={() => void onResend()} loading={resend.isPending} disabled={done}>
          Отправить код повторно
        </Button>
      </div>
    </AuthCard>
  );
}
