'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { useChangePassword } from '@/components/profile/use-profile';
import { useSnackbar } from '@/hooks/use-snackbar';
import { errorInfo, passwordChangeError } from '@/lib/errors';
import { changePasswordSchema, type ChangePasswordValues } from '@/lib/schemas/profile';
import { ProfileSection } from '@/components/ui/section';

export const PASSWORD_CHANGED = 'Пароль успешно изменен';

const FIELDS: { name: keyof ChangePasswordValues; label: string; fresh: boolean }[] = [
  { name: 'old_password', label: 'Текущий пароль', fresh: false },
  { name: 'new_password', label: 'Новый пароль', fresh: true },
  { name: 'new_password2', label: 'Повторите новый пароль', fresh: true },
];

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
      setError(passwordChangeError(errorInfo(e)));
    }
  });

  return (
    <ProfileSection id="change-password" title="Смена пароля">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {FIELDS.map(({ name, label, fresh }) => (
          <PasswordField key={name} label={label} fresh={fresh} error={errors[name]?.message} {...form.register(name)} />
        ))}
        <div>
          <Button type="submit" loading={isSubmitting}>
            Изменить пароль
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
