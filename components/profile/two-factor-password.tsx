'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { useSetupTwoFactor } from '@/hooks/use-two-factor';
import type { TwoFactorSetup } from '@/lib/api/two-factor';
import { splitFieldErrors } from '@/lib/api/api-error';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { twoFactorPasswordSchema, type TwoFactorPasswordValues } from '@/lib/schemas/two-factor';

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
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      onReady(await setup.mutateAsync(password), password);
    } catch (e) {
      const info = errorInfo(e);
      const { fields, rest } = splitFieldErrors(info.data, ['password'] as const);
      if (fields.password) form.setError('password', { message: fields.password });
      else setError(rest ?? twoFactorError(info, 'Не удалось начать настройку'));
      form.setFocus('password');
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-labelledby="two-factor-password-title">
      <h4 id="two-factor-password-title" ref={heading} tabIndex={-1} className="font-medium text-fg outline-none">
        Подтвердите, что это вы
      </h4>
      <p className="text-sm text-fg-muted">
        Чтобы включить двухэтапную проверку, введите текущий пароль. После включения все остальные сеансы будут завершены, а на вашу почту
        придёт письмо со ссылкой «Это был не я».
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <PasswordField label="Текущий пароль" error={errors.password?.message} {...form.register('password')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isSubmitting}>
          Продолжить
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
