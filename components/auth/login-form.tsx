'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useFormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/hooks/use-auth';
import { useRequestPhoneLogin } from '@/components/auth/use-auth-flows';
import { setPendingEmail } from '@/lib/auth/storage';
import { normalizePhone } from '@/lib/auth/username';
import { errorInfo, loginError, phoneLoginError, smsRequestError } from '@/lib/errors';
import { codeSchema, loginSchema, phoneLoginSchema, type CodeValues, type LoginValues, type PhoneLoginValues } from '@/lib/schemas/auth';
import { FormAlert } from '@/components/ui/form-alert';
import { isSecondStep } from '@/lib/api/two-factor';
import { AuthCard } from './auth-card';
import { MethodTabs } from './method-tabs';
import { PasskeySignIn } from './passkey-sign-in';
import { PhoneRequestForm } from './phone-request-form';
import { ProviderButtons } from './provider-buttons';
import { SecondStepForm } from './second-step-form';
import { SmsCodeForm } from './sms-code-form';

function EmailLogin() {
  const router = useRouter();
  const { login } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setUnconfirmed(false);
    try {
      const answer = await login(values.email.trim(), values.password);
      if (isSecondStep(answer)) setMfaToken(answer.mfa_token);
      else router.replace('/');
    } catch (e) {
      const mapped = loginError(errorInfo(e));
      if (mapped.unconfirmed) setPendingEmail(values.email.trim());
      setUnconfirmed(mapped.unconfirmed);
      setError(mapped.message);
    }
  });

  if (mfaToken) {
    // Back to the first step: the address is still filled in, the caret waits in the password field.
    const restart = () => {
      setMfaToken(null);
      form.resetField('password');
      requestAnimationFrame(() => form.setFocus('password'));
    };
    return <SecondStepForm mfaToken={mfaToken} onRestart={restart} />;
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
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
      <TextField label="Email" type="email" autoComplete="email webauthn" error={errors.email?.message} {...form.register('email')} />
      <PasswordField label="Пароль" error={errors.password?.message} {...form.register('password')} />
      <div className="text-right text-sm">
        <Link href="/forgot-password" className="text-accent-text underline">
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
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const { setMessage, alert, codeAlertId } = useFormMessage();
  const phoneForm = useForm<PhoneLoginValues>({ resolver: zodResolver(phoneLoginSchema), defaultValues: { phone: '' } });
  const codeForm = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const switched = useRef(false);

  // Each step's field takes the focus when the step appears (not on first render: the tab keeps it).
  useEffect(() => {
    if (!switched.current) return;
    if (phone) codeForm.setFocus('code');
    else phoneForm.setFocus('phone');
  }, [phone, codeForm, phoneForm]);

  const send = async (normalized: string) => {
    setMessage(null);
    try {
      await requestCode.mutateAsync(normalized);
      switched.current = true;
      setPhone(normalized);
      setMessage({ kind: 'info', text: `Код отправлен по SMS на номер ${normalized}` });
    } catch (e) {
      setMessage({ kind: 'error', text: smsRequestError(errorInfo(e)) });
    }
  };

  const onRequest = phoneForm.handleSubmit((values) => send(normalizePhone(values.phone)!));

  const onVerify = codeForm.handleSubmit(async (values) => {
    if (!phone) return;
    setMessage(null);
    try {
      const answer = await loginWithPhoneCode(phone, values.code.trim());
      if (isSecondStep(answer)) setMfaToken(answer.mfa_token);
      else router.replace('/');
    } catch (e) {
      setMessage({ kind: 'error', text: phoneLoginError(errorInfo(e)), code: true });
      codeForm.setFocus('code', { shouldSelect: true });
    }
  });

  const busy = requestCode.isPending || codeForm.formState.isSubmitting;

  if (mfaToken) {
    const restart = () => {
      setMfaToken(null);
      setPhone(null);
      setMessage(null);
      codeForm.reset();
    };
    return <SecondStepForm mfaToken={mfaToken} onRestart={restart} />;
  }

  return (
    <div className="flex flex-col gap-4">
      {alert}
      {!phone ? (
        <PhoneRequestForm form={phoneForm} onSubmit={onRequest} sending={requestCode.isPending} submit="Получить код" />
      ) : (
        <SmsCodeForm
          onSubmit={onVerify}
          code={codeForm.register('code')}
          error={codeForm.formState.errors.code?.message}
          alertId={codeAlertId}
          actions={{
            sending: requestCode.isPending,
            disabled: busy,
            onResend: () => void send(phone),
            onChangeNumber: () => {
              setPhone(null);
              setMessage(null);
              codeForm.reset();
            },
          }}
        >
          <Button type="submit" loading={codeForm.formState.isSubmitting} disabled={requestCode.isPending} fullWidth>
            Войти
          </Button>
        </SmsCodeForm>
      )}
    </div>
  );
}

export function LoginForm() {
  return (
    <AuthCard
      title="Вход"
      footer={
        <>
          Нет аккаунта?{' '}
          <Link href="/register" className="font-medium text-accent-text underline">
            Регистрация
          </Link>
        </>
      }
    >
      <MethodTabs label="Способ входа" email={<EmailLogin />} phone={<PhoneLogin />} />
      <PasskeySignIn />
      <div className="mt-6 flex flex-col gap-2">
        <p className="text-center text-sm text-fg-muted">или войдите через</p>
        <ProviderButtons />
      </div>
    </AuthCard>
  );
}
