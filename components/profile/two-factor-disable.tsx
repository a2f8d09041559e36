'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useDisableTwoFactor } from '@/hooks/use-two-factor';
import { useSnackbar } from '@/hooks/use-snackbar';
import { splitFieldErrors } from '@/lib/api/api-error';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { disableTwoFactorSchema, type DisableTwoFactorValues } from '@/lib/schemas/two-factor';

export const TWO_FACTOR_DISABLED = 'Двухэтапная проверка отключена';

/**
 * Two-step sign-in is on: how many recovery codes are left, what else may be done (`actions`, below
 * the count), and turning it off (password + code).
 */
export function TwoFactorDisable({
  codesLeft,
  focusOnMount,
  onDisabled,
  actions,
}: {
  codesLeft: number;
  focusOnMount: boolean;
  onDisabled: () => void;
  actions?: ReactNode;
}) {
  const disable = useDisableTwoFactor();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DisableTwoFactorValues>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const summary = useRef<HTMLParagraphElement>(null);

  // Right after the recovery codes were put away, the focus lands on what is now in force.
  useEffect(() => {
    if (focusOnMount) summary.current?.focus();
  }, [focusOnMount]);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await disable.mutateAsync({ password: values.password, code: values.code.trim() });
      snackbar.showSuccess(TWO_FACTOR_DISABLED);
      onDisabled();
    } catch (e) {
      const info = errorInfo(e);
      const { fields, rest } = splitFieldErrors(info.data, ['password', 'code'] as const);
      if (fields.password) form.setError('password', { message: fields.password });
      if (fields.code) form.setError('code', { message: fields.code });
      if (fields.password || fields.code) form.setFocus(fields.password ? 'password' : 'code');
      else setError(rest ?? twoFactorError(info, 'Не удалось отключить двухэтапную проверку'));
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <p ref={summary} tabIndex={-1} className="text-sm text-fg-muted outline-none">
        Двухэтапная проверка включена: при входе нужен код из приложения-аутентификатора. Резервных кодов осталось: {codesLeft}.
      </p>
      {actions}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-labelledby="two-factor-disable-title">
        <h4 id="two-factor-disable-title" className="font-medium text-fg">
          Отключить двухэтапную проверку
        </h4>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <PasswordField label="Текущий пароль" error={errors.password?.message} {...form.register('password')} />
        <TextField
          label="Код из приложения или резервный код"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <div>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            Отключить
          </Button>
        </div>
      </form>
    </div>
  );
}
