'use client';

import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import type { LoginAnswer } from '@/contract/account';
import { NOT_STAFF } from '@/contract/admin';
import { ApiError, dataText } from '@/lib/api/api-error';
import { isSecondStep } from '@/lib/api/two-factor';
import { zodResolver } from '@/lib/forms/zod-resolver';
import { loginSchema, type LoginValues } from '@/lib/schemas/auth';
import { appOrRecoveryCodeField } from '@/lib/schemas/two-factor';
import { z } from 'zod';
import { getMeWith, passkeyOptions, signIn, signInSecondStep, signInWithPasskey, signOut } from '../lib/api';
import { adminTokens } from '../lib/session';

const secondStepSchema = z.object({ code: appOrRecoveryCodeField() });

const SIGN_IN_FAILED = 'Не удалось войти. Попробуйте ещё раз.';
const PASSKEY_CANCELLED = 'Вход с ключом доступа отменён';

/** What a refused sign-in is told: the server's words (wrong password, a code, «Недостаточно прав.»), else a general line. */
function signInError(e: unknown): string {
  if (e instanceof ApiError) return dataText(e.data) ?? SIGN_IN_FAILED;
  if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return PASSKEY_CANCELLED;
  return SIGN_IN_FAILED;
}

/**
 * The tokens of a sign-in are the admin area's only when they are a staff member's: the area asks who they belong
 * to before keeping them, and a member's fresh session is ended at once (its tokens are never kept), with
 * «Недостаточно прав.».
 */
async function keepIfStaff(answer: LoginAnswer): Promise<void> {
  try {
    await getMeWith(answer.access);
  } catch (e) {
    await signOut(answer.refresh).catch(() => undefined);
    if (e instanceof ApiError && e.status === 403) throw new ApiError(403, { detail: NOT_STAFF });
    throw e;
  }
  adminTokens.setTokens({ access: answer.access, refresh: answer.refresh });
}

/**
 * The admin area's sign-in, in place of any of its pages: e-mail and password, then the code from the
 * authenticator app (or a recovery code) when two-step sign-in is on; or a passkey. The app's endpoints, the admin
 * area's own tokens.
 */
export function SignIn() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const codeForm = useForm<{ code: string }>({ resolver: zodResolver(secondStepSchema), defaultValues: { code: '' } });

  const finish = async (answer: LoginAnswer) => {
    queryClient.clear();
    await keepIfStaff(answer);
  };

  useEffect(() => {
    if (mfaToken) codeForm.setFocus('code');
  }, [mfaToken, codeForm]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const answer = await signIn(email.trim(), password);
      if (isSecondStep(answer)) setMfaToken(answer.mfa_token);
      else await finish(answer);
    } catch (e) {
      setError(signInError(e));
      form.setFocus('password', { shouldSelect: true });
    }
  });

  const onCode = codeForm.handleSubmit(async ({ code }) => {
    if (!mfaToken) return;
    setError(null);
    try {
      await finish(await signInSecondStep(mfaToken, code.trim()));
    } catch (e) {
      setError(signInError(e));
      codeForm.setFocus('code', { shouldSelect: true });
    }
  });

  const withPasskey = async () => {
    setError(null);
    if (!browserSupportsWebAuthn()) {
      setError('Этот браузер не поддерживает ключи доступа');
      return;
    }
    setPasskeyBusy(true);
    try {
      const optionsJSON = await passkeyOptions();
      await finish(await signInWithPasskey(await startAuthentication({ optionsJSON })));
    } catch (e) {
      setError(signInError(e));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const restart = () => {
    setMfaToken(null);
    setError(null);
    codeForm.reset();
    form.resetField('password');
    requestAnimationFrame(() => form.setFocus('password'));
  };

  return (
    <main id="main" className="mx-auto flex min-h-screen w-full max-w-form flex-col justify-center px-4 py-10">
      <div className="rounded-xl border border-line bg-surface p-6 shadow-card">
        <p className="text-sm font-medium text-accent-text">Копилка</p>
        <h1 ref={heading} tabIndex={-1} className="mb-1 text-2xl font-semibold tracking-tight outline-none">
          Администрирование
        </h1>
        <p className="mb-5 text-sm text-fg-muted">Войдите учётной записью администратора.</p>
        {error ? (
          <div className="mb-4">
            <FormAlert>{error}</FormAlert>
          </div>
        ) : null}
        {mfaToken ? (
          <form onSubmit={(e) => void onCode(e)} noValidate className="flex flex-col gap-4" aria-labelledby="admin-second-step">
            <h2 id="admin-second-step" className="text-lg font-semibold">
              Двухэтапная проверка
            </h2>
            <p className="text-sm text-fg-muted">Введите 6-значный код из приложения-аутентификатора или резервный код.</p>
            <CodeField
              label="Код"
              inputMode="text"
              maxLength={20}
              error={codeForm.formState.errors.code?.message}
              {...codeForm.register('code')}
            />
            <Button type="submit" loading={codeForm.formState.isSubmitting} fullWidth>
              Подтвердить
            </Button>
            <Button variant="ghost" onClick={restart} disabled={codeForm.formState.isSubmitting}>
              Войти заново
            </Button>
          </form>
        ) : (
          <>
            <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={form.formState.errors.email?.message}
                {...form.register('email')}
              />
              <PasswordField label="Пароль" error={form.formState.errors.password?.message} {...form.register('password')} />
              <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
                Войти
              </Button>
            </form>
            <div className="mt-4">
              <Button variant="secondary" fullWidth loading={passkeyBusy} onClick={() => void withPasskey()}>
                Войти с ключом доступа
              </Button>
            </div>
          </>
        )}
      </div>
      <p className="mt-6 text-center text-sm text-fg-muted">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the app, a site outside the admin area's base path */}
        <a href="/" className="text-accent-text underline">
          Перейти в Копилку
        </a>
      </p>
    </main>
  );
}

/** The signed-in staff member leaves: the session ends on the server, the tokens go, the sign-in form shows. */
export async function signOutOfAdmin(): Promise<void> {
  const refresh = adminTokens.getRefresh();
  if (refresh) await signOut(refresh).catch(() => undefined);
  adminTokens.clear();
}
