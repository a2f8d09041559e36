'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PasswordField } from '@/components/ui/password-field';
import { useResetPassword } from '@/components/auth/use-auth-flows';
import { errorInfo, resetPasswordError } from '@/lib/errors';
import { resetPasswordSchema, type ResetPasswordValues } from '@/lib/schemas/auth';
import { FormAlert } from '@/components/ui/form-alert';
import { AuthCard, BackToLoginLink } from './auth-card';

export const PASSWORD_RESET_DONE = 'Пароль успешно изменён. Теперь вы можете войти с новым паролем.';

/** Reads ?token=; without it the visitor is sent to /forgot-password. */
export function ResetPasswordForm() {
  const router = useRouter();
  const token = useSearchParams().get('token');
  const reset = useResetPassword();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const form = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', password2: '' } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!token) router.replace('/forgot-password');
  }, [token, router]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!token) {
    return (
      <div className="flex justify-center py-16 text-accent-text">
        <Spinner className="h-6 w-6" label="Загрузка…" />
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await reset.mutateAsync({ token, password: values.password, password2: values.password2 });
      setDone(true);
      setMessage({ kind: 'success', text: PASSWORD_RESET_DONE });
      timer.current = setTimeout(() => router.push('/login'), 2_000);
    } catch (e) {
      setMessage({ kind: 'error', text: resetPasswordError(errorInfo(e)) });
    }
  });

  return (
    <AuthCard title="Новый пароль" footer={<BackToLoginLink />}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {message ? <FormAlert kind={message.kind}>{message.text}</FormAlert> : null}
        <PasswordField fresh label="Новый пароль" error={errors.password?.message} {...form.register('password')} />
        <PasswordField fresh label="Подтверждение пароля" error={errors.password2?.message} {...form.register('password2')} />
        <Button type="submit" loading={isSubmitting} disabled={done} fullWidth>
          Сохранить пароль
        </Button>
      </form>
    </AuthCard>
  );
}
