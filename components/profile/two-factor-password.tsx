'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { useSetupTwoFactor } from '@/hooks/use-two-factor';
import type { TwoFactorSetup } from '@/lib/api/two-factor';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { showFieldErrors } from '@/lib/forms/show-field-errors';
import { twoFactorPasswordSchema, type TwoFactorPasswordValues } from '@/lib/schemas/two-factor';
import { StepForm } from './step-form';

/**
 * Before the setup: the current password, so that a session's token alone (one left open on someone
 * else's computer, or stolen) cannot put another person's app in charge of the sign-in. The same
 * password then turns it on with the first code.
 */
export function TwoFactorPasswordStep({
  onReady,
  onCancel,
}: {
  onReady: (setup: TwoFactorSetup, password: string) => void;
  onCancel: () => void;
}) {
  const setup = useSetupTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TwoFactorPasswordValues>({ resolver: zodResolver(twoFactorPasswordSchema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      onReady(await setup.mutateAsync(password), password);
    } catch (e) {
      const info = errorInfo(e);
      const { shown, rest } = showFieldErrors(form, info.data, ['password']);
      if (!shown) setError(rest ?? twoFactorError(info, 'Не удалось начать настройку'));
      form.setFocus('password');
    }
  });

  return (
    <StepForm id="two-factor-password-title" title="Подтвердите, что это вы" focusTitle onSubmit={onSubmit}>
      <p className="text-sm text-fg-muted">
        Чтобы включить двухэтапную проверку, введите текущий пароль. После включения все остальные сеансы будут завершены, а на вашу почту
        придёт письмо со ссылкой «Это был не я».
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <PasswordField label="Текущий пароль" error={errors.password?.message} {...form.register('password')} />
      <FormActions submit="Продолжить" busy={isSubmitting} onCancel={onCancel} />
    </StepForm>
  );
}
