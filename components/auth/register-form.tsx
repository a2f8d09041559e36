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
import { checkInvite, getRegistrationStatus } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/api-error';
import { INVITE_INVALID, INVITE_REQUIRED, REGISTRATION_CLOSED, type RegistrationMode } from '@/contract/admin';
import { AuthCard } from './auth-card';

/** After a successful registration the visitor goes to /verify-email after 1.5 s. */
export const AFTER_REGISTER_DELAY_MS = 1_500;

/** What this server lets a visitor do here: sign up, sign up with the invitation the link carried, or nothing. */
type Gate =
  | { kind: 'checking' }
  | { kind: 'open' }
  | { kind: 'invited'; token: string; email: string | null }
  | { kind: 'refused'; message: string; invalidInvite: boolean };

/** The invitation token of a link `/register/#invite=<token>` (the fragment never reaches a server or a Referer). */
function inviteInAddress(): string | null {
  const match = /(?:^#|&)invite=([\w-]{1,512})/.exec(window.location.hash);
  return match ? match[1]! : null;
}

/**
 * Before the form is filled, the register screen asks who may sign up, and checks the invitation of the link it
 * was opened with: a closed server, or one that signs up by invitation only, says so in place of the form; a live
 * invitation fills in the address it is for. The first account of an empty server always may.
 */
function useRegistrationGate(): Gate {
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });
  // An invitation link pasted into this tab's address bar changes only the fragment: it is checked all the same.
  const [visit, setVisit] = useState(0);
  useEffect(() => {
    const again = () => {
      if (inviteInAddress()) setVisit((v) => v + 1);
    };
    window.addEventListener('hashchange', again);
    return () => window.removeEventListener('hashchange', again);
  }, []);
  useEffect(() => {
    let active = true;
    const token = inviteInAddress();
    // The token stays in memory only: the address bar and the history keep the plain page.
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    void (async () => {
      let mode: RegistrationMode = 'open';
      try {
        mode = (await getRegistrationStatus()).mode;
      } catch {
        // The form stays; the server refuses it itself if it must.
      }
      let invite: { email: string | null } | null = null;
      let invalidInvite = false;
      if (token && mode !== 'closed') {
        try {
          invite = await checkInvite(token);
        } catch (e) {
          invalidInvite = e instanceof ApiError && e.status === 404;
        }
      }
      if (!active) return;
      if (mode === 'closed') setGate({ kind: 'refused', message: REGISTRATION_CLOSED, invalidInvite: false });
      else if (invite && token) setGate({ kind: 'invited', token, email: invite.email });
      else if (mode === 'invite') setGate({ kind: 'refused', message: invalidInvite ? INVITE_INVALID : INVITE_REQUIRED, invalidInvite });
      else setGate(invalidInvite ? { kind: 'refused', message: INVITE_INVALID, invalidInvite } : { kind: 'open' });
    })();
    return () => {
      active = false;
    };
  }, [visit]);
  return gate;
}

export function RegisterForm() {
  const router = useRouter();
  const gate = useRegistrationGate();
  const invite = gate.kind === 'invited' ? gate.token : null;
  const registerUser = useRegister(invite);
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
  const invitedEmail = gate.kind === 'invited' ? gate.email : null;
  useEffect(() => {
    if (invitedEmail) form.setValue('email', invitedEmail);
  }, [invitedEmail, form]);

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
      {gate.kind === 'refused' ? (
        <div className="flex flex-col gap-4" data-testid="registration-refused">
          <FormAlert kind={gate.invalidInvite ? 'error' : 'info'}>{gate.message}</FormAlert>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
          {gate.kind === 'invited' ? (
            <FormAlert kind="info">Вы регистрируетесь по приглашению{gate.email ? ` для адреса ${gate.email}` : ''}.</FormAlert>
          ) : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          {done ? <FormAlert kind="success">Регистрация прошла успешно! Мы отправили код подтверждения на ваш email.</FormAlert> : null}
          {/* The fields to fill are marked required (said by screen readers); the one that is not says so in its label. */}
          <TextField label="Имя" required autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
          <TextField
            label="Фамилия"
            required
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
          <PhoneField label="Телефон (необязательно)" error={errors.phone?.message} {...form.register('phone')} />
          <TextField
            label="Email"
            required
            type="email"
            autoComplete="email"
            readOnly={!!invitedEmail}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordField fresh required label="Пароль" error={errors.password?.message} {...form.register('password')} />
          <PasswordField fresh required label="Повторите пароль" error={errors.password2?.message} {...form.register('password2')} />
          <p className="text-xs text-fg-muted">
            Нажимая «Зарегистрироваться», вы соглашаетесь с политикой конфиденциальности и даёте согласие на обработку персональных данных.
          </p>
          <Button type="submit" loading={isSubmitting} disabled={done} fullWidth>
            Зарегистрироваться
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
