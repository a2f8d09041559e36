'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useForgotPassword } from '@/components/auth/use-auth-flows';
import { errorInfo, forgotPasswordError, RESET_SENT } from '@/lib/errors';
import { forgotPasswordSchema, type ForgotPasswordValues } from '@/lib/schemas/auth';
import { FormAlert } from '@/components/ui/form-alert';
import { AuthCard, BackToLoginLink } from './auth-card';
import { ForgotPasswordPhone } from './forgot-password-phone';
import { MethodTabs } from './method-tabs';

/** Reset by e-mail: a link to /reset-password is sent to the address. */
function ForgotPasswordEmail() {
  const forgot = useForgotPassword();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await forgot.mutateAsync(values.email.trim());
      setMessage({ kind: 'success', text: RESET_SENT });
    } catch (e) {
      setMessage({ kind: 'error', text: forgotPasswordError(errorInfo(e)) });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">Укажите email, и мы отправим ссылку для восстановления пароля.</p>
      {message ? <FormAlert kind={message.kind}>{message.text}</FormAlert> : null}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Button type="submit" loading={isSubmitting} fullWidth>
        Отправить инструкции
      </Button>
    </form>
  );
}

/** The two ways back in that the login screen offers: a link by e-mail, or a code by SMS. */
export function ForgotPasswordForm() {
  return (
    <AuthCard title="Восстановление пароля" footer={<BackToLoginLink />}>
      <MethodTabs label="Способ восстановления" email={<ForgotPasswordEmail />} phone={<ForgotPasswordPhone />} />
    </AuthCard>
  );
}
