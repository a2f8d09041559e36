'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useRenewRecoveryCodes } from '@/hooks/use-two-factor';
import { splitFieldErrors } from '@/lib/api/api-error';
import { errorInfo, twoFactorError } from '@/lib/errors';
import { zodResolver } from '@/lib/forms/zod-resolver';
import { disableTwoFactorSchema, type DisableTwoFactorValues } from '@/lib/schemas/two-factor';

/**
 * «Новые резервные коды»: behind a button, the current password and a code from the app (or a recovery
 * code) make ten new codes; the old ones, used or not, stop working.
 */
export function TwoFactorNewCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const renew = useRenewRecoveryCodes();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DisableTwoFactorValues>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) form.setFocus('password');
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { recovery_codes } = await renew.mutateAsync({ password: values.password, code: values.code.trim() });
      onRenewed(recovery_codes);
    } catch (e) {
      const info = errorInfo(e);
      const { fields, rest } = splitFieldErrors(info.data, ['password', 'code'] as const);
      if (fields.password) form.setError('password', { message: fields.password });
      if (fields.code) form.setError('code', { message: fields.code });
      if (fields.password || fields.code) form.setFocus(fields.password ? 'password' : 'code');
      else setError(rest ?? twoFactorError(info, 'Не удалось создать новые резервные коды'));
    }
  });

  if (!open) {
    return (
      <div>
        <Button ref={opener} variant="secondary" onClick={() => setOpen(true)}>
          Новые резервные коды
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-labelledby="two-factor-new-codes-title">
      <h4 id="two-factor-new-codes-title" className="font-medium text-fg">
        Новые резервные коды
      </h4>
      <p className="text-sm text-fg-muted">Прежние резервные коды перестанут действовать.</p>
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isSubmitting}>
          Создать коды
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)} disabled={isSubmitting}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
