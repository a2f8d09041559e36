'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { PhoneField } from '@/components/ui/phone-field';
import { TextField } from '@/components/ui/text-field';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useUpdateProfile } from '@/components/profile/use-profile';
import { normalizePhone } from '@/lib/auth/username';
import type { User } from '@/lib/auth/types';
import { firstFieldMessage } from '@/lib/api/api-error';
import { errorInfo, profileUpdateError } from '@/lib/errors';
import { phoneChanged, profileFormSchema, type ProfileValues } from '@/lib/schemas/profile';
import { ProfileSection } from '@/components/ui/section';

/** The phone input's id: focus lands here once the phone is verified (its section disappears). */
export const PROFILE_PHONE_ID = 'profile-phone';

export const PROFILE_SAVED = 'Профиль успешно обновлен';
export const PROFILE_SAVED_CODE_SENT = 'Профиль успешно обновлен. Код подтверждения отправлен по SMS на новый номер';
export const PHONE_VERIFIED_HINT = 'Телефон подтверждён';
export const PHONE_UNVERIFIED_HINT = 'Телефон не подтверждён — подтвердите его кодом из SMS ниже';

export const PHONE_PASSWORD_HINT = 'Чтобы сменить номер телефона, введите текущий пароль';

const valuesOf = (user: User): ProfileValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone ?? '',
  password: '',
});

export function ProfileInfoForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => profileFormSchema(user.phone), [user.phone]);
  const form = useForm<ProfileValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(user) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const typedPhone = form.watch('phone');
  const phoneEdited = typedPhone !== (user.phone ?? '');
  // The phone is a way into the account (SMS login and reset), so a new one needs the current password.
  const needsPassword = phoneChanged(typedPhone, user.phone);
  const phoneHint =
    user.phone && !phoneEdited ? (
      <span className={user.is_phone_verified ? 'text-success-text' : 'text-warning-text'}>
        {user.is_phone_verified ? PHONE_VERIFIED_HINT : PHONE_UNVERIFIED_HINT}
      </span>
    ) : undefined;

  useEffect(() => {
    if (!form.formState.isDirty)
      form.reset({ first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '', password: '' });
  }, [user.first_name, user.last_name, user.phone, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await update.mutateAsync({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        phone: normalizePhone(values.phone) ?? null,
        ...(needsPassword ? { password: values.password } : {}),
      });
      form.reset(valuesOf(saved));
      // «Сохранить изменения» is disabled again (nothing left to save), which drops the focus to <body>: the
      // form's first field takes it, where the next change would start.
      requestAnimationFrame(() => form.setFocus('first_name'));
      // A new number gets its verification SMS from the server straight away.
      snackbar.showSuccess(saved.phone && saved.phone !== user.phone ? PROFILE_SAVED_CODE_SENT : PROFILE_SAVED);
    } catch (e) {
      const info = errorInfo(e);
      // A missing or wrong password is shown at its field; anything else above the form.
      const passwordError = firstFieldMessage({ password: (info.data as { password?: unknown } | null)?.password });
      if (passwordError) form.setError('password', { message: passwordError }, { shouldFocus: true });
      else setError(profileUpdateError(info));
    }
  });

  return (
    <ProfileSection id="profile-info" title="Личные данные">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Имя" autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
          <TextField label="Фамилия" autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
        </div>
        <PhoneField id={PROFILE_PHONE_ID} label="Телефон" hint={phoneHint} error={errors.phone?.message} {...form.register('phone')} />
        {needsPassword ? (
          <PasswordField
            label="Текущий пароль"
            hint={PHONE_PASSWORD_HINT}
            error={errors.password?.message}
            {...form.register('password')}
          />
        ) : null}
        <div>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Сохранить изменения
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
