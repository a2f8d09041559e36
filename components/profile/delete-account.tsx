'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/ui/form-alert';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { useDeleteAccount } from '@/components/profile/use-profile';
import { useSnackbar } from '@/hooks/use-snackbar';
import { clearSession } from '@/lib/auth/session';
import { accountDeletionError, errorInfo } from '@/lib/errors';
import { deleteAccountSchema, type DeleteAccountValues } from '@/lib/schemas/profile';
import { ProfileSection } from '@/components/ui/section';

export const ACCOUNT_DELETED = 'Аккаунт успешно удалён';

export function DeleteAccount() {
  const remove = useDeleteAccount();
  const snackbar = useSnackbar();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DeleteAccountValues>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    if (isSubmitting) return;
    setOpen(false);
    setError(null);
    form.reset();
  };

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await remove.mutateAsync(password);
      clearSession();
      queryClient.clear();
      snackbar.showSuccess(ACCOUNT_DELETED);
      router.replace('/');
    } catch (e) {
      const mapped = accountDeletionError(errorInfo(e));
      setError(mapped.message);
      if (mapped.clearTokens) {
        clearSession();
        queryClient.clear();
        snackbar.showError(mapped.message);
        router.replace('/login');
      }
    }
  });

  return (
    <ProfileSection id="delete-account" title="Удаление аккаунта" tone="danger">
      <p className="mb-4 text-sm text-fg-muted">
        Аккаунт и все ваши аудиозаписи, фотографии и видео будут удалены без возможности восстановления.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Удалить аккаунт
      </Button>
      <Dialog open={open} onClose={close} title="Удалить аккаунт?" width={500}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-fg">Это действие необратимо. Для подтверждения введите ваш пароль.</p>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <PasswordField label="Пароль" autoFocus error={errors.password?.message} {...form.register('password')} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              Отмена
            </Button>
            <Button type="submit" variant="danger" loading={isSubmitting}>
              Удалить навсегда
            </Button>
          </div>
        </form>
      </Dialog>
    </ProfileSection>
  );
}
