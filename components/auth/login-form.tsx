'use client';

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/hooks/use-auth';
import { useRequestPhoneLogin } from '@/hooks/use-auth-flows';
import { setPendingEmail } from '@/lib/auth/storage';
import { normalizePhone } from '@/lib/auth/username';
import { errorInfo, loginError, phoneLoginError, smsRequestError } from '@/lib/errors';
import { codeSchema, loginSchema, phoneLoginSchema, type CodeValues, type LoginValues, type PhoneLoginValues } from '@/lib/schemas/auth';
import { AuthCard, FormAlert } from './auth-card';

function EmailLogin() {
  const router = useRouter();
  const { login } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setUnconfirmed(false);
    try {
      await login(values.email.trim(), values.password);
      router.replace('/');
    } catch (e) {
      const mapped = loginError(await errorInfo(e));
      if (mapped.unconfirmed) setPendingEmail(values.email.trim());
      setUnconfirmed(mapped.unconfirmed);
      setError(mapped.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error ? (
        <FormAlert>
          <p>{error}</p>
          {unconfirmed ? (
            <Button variant="secondary" className="mt-2" onClick={() => router.push('/verify-email')}>
              Перейти к подтверждению
            </Button>
          ) : null}
        </FormAlert>
      ) : null}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextField label="Пароль" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <div className="text-right text-sm">
        <Link href="/forgot-password" className="text-brand-700 underline">
          Забыли пароль?
        </Link>
      </div>
      <Button type="submit" loading={isSubmitting} fullWidth>
        Войти
      </Button>
    </form>
  );
}

function PhoneLogin() {
  const router = useRouter();
  const { loginWithPhoneCode } = useAuth();
  const requestCode = useRequestPhoneLogin();
  const [phone, setPhone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const phoneForm = useForm<PhoneLoginValues>({ resolver: zodResolver(phoneLoginSchema), defaultValues: { phone: '' } });
  const codeForm = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  const onRequest = phoneForm.handleSubmit(async (values) => {
    setError(null);
    const normalized = normalizePhone(values.phone)!;
    try {
      await requestCode.mutateAsync(normalized);
      setPhone(normalized);
      setInfo(`Код отправлен по SMS на номер ${normalized}`);
    } catch (e) {
      setError(smsRequestError(await errorInfo(e)));
    }
  });

  const onVerify = codeForm.handleSubmit(async (values) => {
    if (!phone) return;
    setError(null);
    try {
      await loginWithPhoneCode(phone, values.code.trim());
      router.replace('/');
    } catch (e) {
      setError(phoneLoginError(await errorInfo(e)));
    }
  });

  return (
    <div className="flex flex-col gap-4">
      {error ? <FormAlert>{error}</FormAlert> : null}
      {info && !error ? <FormAlert kind="info">{info}</FormAlert> : null}
      {!phone ? (
        <form onSubmit={onRequest} noValidate className="flex flex-col gap-4">
          <TextField
            label="Телефон"
            type="tel"
            autoComplete="tel"
            placeholder="+7 (999) 123-45-67"
            error={phoneForm.formState.errors.phone?.message}
            {...phoneForm.register('phone')}
          />
          <Button type="submit" loading={phoneForm.formState.isSubmitting} fullWidth>
            Получить код
          </Button>
        </form>
      ) : (
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
          <TextField
            label="Код из SMS"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeForm.formState.errors.code?.message}
            {...codeForm.register('code')}
          />
          <Button type="submit" loading={codeForm.formState.isSubmitting} fullWidth>
            Войти
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setPhone(null);
              setInfo(null);
              codeForm.reset();
            }}
          >
            Изменить номер
          </Button>
        </form>
      )}
    </div>
  );
}

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow';

export function LoginForm() {
  return (
    <AuthCard
      title="Вход"
      footer={
        <>
          Нет аккаунта?{' '}
          <Link href="/register" className="font-medium text-brand-700 underline">
            Регистрация
          </Link>
        </>
      }
    >
      <TabGroup>
        <TabList aria-label="Способ входа" className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tab className={tabClass}>Email</Tab>
          <Tab className={tabClass}>Телефон</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <EmailLogin />
          </TabPanel>
          <TabPanel>
            <PhoneLogin />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <div className="mt-6 flex flex-col gap-2">
        <p className="text-center text-sm text-slate-600">или войдите через</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" fullWidth onClick={() => console.log('Вход через VK ID пока не подключен')}>
            VK ID
          </Button>
          <Button variant="secondary" fullWidth onClick={() => console.log('Вход через Яндекс пока не подключен')}>
            Яндекс
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
