'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CodeField } from '@/components/ui/code-field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useConfirmEmailChange, useRequestEmailChange } from '@/components/profile/use-email-change';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { User } from '@/lib/auth/types';
import { EMAIL_TAKEN, emailChangeError, errorInfo, isTaken } from '@/lib/errors';
import { showFieldErrors } from '@/lib/forms/show-field-errors';
import { emailChangeCodeSchema, emailChangeSchema, type EmailChangeCodeValues, type EmailChangeValues } from '@/lib/schemas/email-change';
import { ProfileSection } from '@/components/ui/section';

export const EMAIL_CHANGED = 'Email изменён';

/**
 * A new address: the new address and the current password, then the 6-digit code sent to the new
 * address. Until the code is entered the account keeps its current address.
 */
export function EmailChangeSection({ user }: { user: User }) {
  const [pending, setPending] = useState<string | null>(null);
  // Back from the code step (done or cancelled), the caret returns to the address field.
  const [returned, setReturned] = useState(false);
  const back = () => {
    setPending(null);
    setReturned(true);
  };
  return (
    <ProfileSection id="email-change" title="Email">
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 break-all text-sm text-fg-muted">
          <span>
            Текущий адрес: <strong className="text-fg">{user.email}</strong>
          </span>
          <span
            className={`rounded px-2 py-0.5 text-xs ${user.is_email_verified ? 'bg-success-soft text-success-text' : 'bg-warning-soft text-warning-text'}`}
          >
            {user.is_email_verified ? 'подтверждён' : 'не подтверждён'}
          </span>
        </p>
        {pending ? (
          <CodeStep address={pending} onDone={back} onCancel={back} />
        ) : (
          <AddressStep focusOnMount={returned} onSent={setPending} />
        )}
      </div>
    </ProfileSection>
  );
}

function AddressStep({ focusOnMount, onSent }: { focusOnMount: boolean; onSent: (address: string) => void }) {
  const ask = useRequestEmailChange();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EmailChangeValues>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { new_email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (focusOnMount) form.setFocus('new_email');
  }, [focusOnMount, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const address = values.new_email.trim();
    try {
      await ask.mutateAsync({ newEmail: address, password: values.password });
      onSent(address);
    } catch (e) {
      const info = errorInfo(e);
      const { fields, rest, shown } = showFieldErrors(form, info.data, ['new_email', 'password']);
      if (fields.new_email && isTaken(info.data, 'new_email')) form.setError('new_email', { message: EMAIL_TAKEN });
      if (!shown) setError(rest ?? emailChangeError(info, 'Ошибка при смене email'));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Смена email">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField label="Новый email" type="email" autoComplete="email" error={errors.new_email?.message} {...form.register('new_email')} />
      <PasswordField label="Текущий пароль" error={errors.password?.message} {...form.register('password')} />
      <FormActions submit="Получить код" busy={isSubmitting} />
    </form>
  );
}

function CodeStep({ address, onDone, onCancel }: { address: string; onDone: () => void; onCancel: () => void }) {
  const confirm = useConfirmEmailChange();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EmailChangeCodeValues>({ resolver: zodResolver(emailChangeCodeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  // A refused code told above the form is tied to the field (aria-invalid, aria-describedby).
  const alertId = useId();

  useEffect(() => {
    form.setFocus('code');
  }, [form]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await confirm.mutateAsync(code.trim());
      snackbar.showSuccess(EMAIL_CHANGED);
      onDone();
    } catch (e) {
      setError(emailChangeError(errorInfo(e), 'Ошибка при подтверждении email'));
      form.setFocus('code');
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Подтверждение нового адреса">
      <FormAlert kind="info">
        Код отправлен на <strong>{address}</strong>. Пока вы не введёте его, действует прежний адрес.
      </FormAlert>
      {error ? <FormAlert id={alertId}>{error}</FormAlert> : null}
      <CodeField label="Код из письма" error={errors.code?.message} alertId={error ? alertId : undefined} {...form.register('code')} />
      <FormActions submit="Подтвердить" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
