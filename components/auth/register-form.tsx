'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { PhoneField } from '@/components/ui/phone-field';
import { TextField } from '@/components/ui/text-field';
import { useRegister } from '@/components/auth/use-auth-flows';
import { setPendingEmail } from '@/lib/auth/storage';
import { errorInfo, registrationError } from '@/lib/errors';
import { registerSchema, type RegisterValues } from '@/lib/schemas/auth';
import { FormAlert } from '@/components/ui/form-alert';
import { AuthCard } from './auth-card';

/** After a successful registration the visitor goes to /verify-email after 1.5 s. */
export const AFTER_REGISTER_DELAY_MS = 1_500;

export function RegisterForm() {
  const router = useRouter();
  const registerUser = useRegister();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { first_name: '', last_name: '', phone: '', email: '', password: '', password2: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await registerUser.mutateAsync(values);
      setPendingEmail(values.email.trim());
      setDone(true);
      timer.current = setTimeout(() => router.push('/verify-email'), AFTER_REGISTER_DELAY_MS);
    } catch (e) {
      setError(registrationError(errorInfo(e)));
    }
  });

  return (
    <AuthCard
      title="Регистрация"
      footer={
        <>
          Уже есть аккаунт?{' '}
          <Link href="/login" className="font-medium text-accent-text underline">
            Войти
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {done ? <FormAlert kind="success">Регистрация прошла успешно! Мы отправили код подтверждения на ваш email.</FormAlert> : null}
        <TextField label="Имя" autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
        <TextField label="Фамилия" autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
        <PhoneField label="Телефон (необязательно)" error={errors.phone?.message} {...form.register('phone')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField fresh label="Пароль" error={errors.password?.message} {...form.register('password')} />
        <PasswordField fresh label="Повторите пароль" error={errors.password2?.message} {...form.register('password2')} />
        <p className="text-xs text-fg-muted">
          Нажимая «Зарегистрироваться», вы соглашаетесь с политикой конфиденциальности и даёте согласие на обработку персональных данных.
        </p>
        <Button type="submit" loading={isSubmitting} disabled={done} fullWidth>
          Зарегистрироваться
        </Button>
      </form>
    </AuthCard>
  );
}
