'use client';

import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { RecoveryCodeField } from '@/components/ui/recovery-code-field';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { zodResolver } from '@/lib/forms/zod-resolver';
import { showFieldErrors } from '@/lib/forms/show-field-errors';
import { disableTwoFactorSchema, type DisableTwoFactorValues } from '@/lib/schemas/two-factor';

/**
 * The current password and a code from the app (or a recovery code), which turning two-step sign-in off and
 * making new recovery codes both ask for: `send` gets them (the code trimmed); a refusal about either field is
 * shown under it, anything else in the form's alert (`fallback` when the server gave no words).
 */
export function useTwoFactorConfirm(send: (answer: DisableTwoFactorValues) => Promise<void>, fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DisableTwoFactorValues>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await send({ password: values.password, code: values.code.trim() });
    } catch (e) {
      const info = errorInfo(e);
      const { shown, rest } = showFieldErrors(form, info.data, ['password', 'code']);
      if (!shown) setError(rest ?? twoFactorError(info, fallback));
    }
  });
  return { form, error, onSubmit };
}

/** The confirmation's alert and fields, for a form made with useTwoFactorConfirm. */
export function TwoFactorConfirmFields({ form, error }: { form: UseFormReturn<DisableTwoFactorValues>; error: string | null }) {
  const { errors } = form.formState;
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <PasswordField label="Текущий пароль" error={errors.password?.message} {...form.register('password')} />
      <RecoveryCodeField label="Код из приложения или резервный код" error={errors.code?.message} {...form.register('code')} />
    </>
  );
}
