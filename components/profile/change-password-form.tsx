'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/auth/auth-card';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useChangePassword } from '@/hooks/use-profile';
import { useSnackbar } from '@/hooks/use-snackbar';
import { errorInfo, passwordChangeError } from '@/lib/errors';
import { changePasswordSchema, type ChangePasswordValues } from '@/lib/schemas/profile';
import { ProfileSection } from './section';

export const PASSWORD_CHANGED = 'Пароль успешно изменен';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { old_password: '', new_password: '', new_password2: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await change.mutateAsync(values);
      form.reset();
      snackbar.showSuccess(answer.detail || PASSWORD_CHANGED);
    } catch (e) {
      setError(passwordChangeError(await errorInfo(e)));
    }
  });

  return (
    <ProfileSection id="change-password" title="Смена пароля">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField
          label="Текущий пароль"
          type="password"
          autoComplete="current-password"
          error={errors.old_password?.message}
          {...form.register('old_password')}
        />
        <TextField
          label="Новый пароль"
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <TextField
          label="Повторите новый пароль"
          type="password"
          autoComplete="new-password"
          error={errors.new_password2?.message}
          {...form.register('new_password2')}
        />
        <div>
          <Button type="submit" loading={isSubmitting}>
            Изменить пароль
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
