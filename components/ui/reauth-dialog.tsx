'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, dataText, splitFieldErrors } from '@/lib/api/api-error';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SignInWays } from '@/contract/sign-in-ways';
import { getSignInWays, oauthQueries } from '@/lib/api/oauth';
import { getReauthPasskeyOptions, reauthWithPassword, reauthWithPasskey } from '@/lib/api/reauth';
import { reauthAskedAtom, registerReauthHost, settleReauth } from '@/lib/auth/reauth';
import { Button } from './button';
import { Sheet } from './dialog';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';

export const REAUTH_TITLE = 'Подтвердите вход';
/** 44 px tall under the thumb on a phone, the usual 40 px from 640 px. */
const TOUCH = 'max-sm:min-h-11';
const FAILED = 'Не удалось подтвердить вход. Попробуйте ещё раз.';

/** The browser's passkey dialog closed without a key, or the server's words, or a generic failure. */
function passkeyError(e: unknown): string {
  if (e instanceof ApiError) return dataText(e.data) ?? FAILED;
  if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return 'Вход с ключом доступа отменён';
  return FAILED;
}

/**
 * «Подтвердите вход»: asked by the API client when the server wants a recent sign-in (lib/auth/reauth), over the
 * action that needed it. The current password, or «Войти с ключом доступа» when the account has passkeys;
 * confirmed, the dialog closes and the action goes on by itself; «Отмена» leaves it undone. A bottom sheet on
 * a phone; the focus goes to the password and back to the action's button afterwards.
 */
/**
 * The requests the dialog makes, on one session: the app's by default; the admin area (its own session, its own
 * API client) passes its own.
 */
export interface ReauthRequests {
  waysKey: readonly unknown[];
  ways: () => Promise<SignInWays>;
  withPassword: (password: string) => Promise<unknown>;
  passkeyOptions: () => Promise<PublicKeyCredentialRequestOptionsJSON>;
  withPasskey: (answer: AuthenticationResponseJSON) => Promise<unknown>;
}

const APP_REQUESTS: ReauthRequests = {
  waysKey: oauthQueries.ways().queryKey,
  ways: getSignInWays,
  withPassword: reauthWithPassword,
  passkeyOptions: getReauthPasskeyOptions,
  withPasskey: reauthWithPasskey,
};

function ReauthDialog({ open, requests }: { open: boolean; requests: ReauthRequests }) {
  const ways = useQuery({ queryKey: requests.waysKey, queryFn: requests.ways, enabled: open });
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);

  const reset = () => {
    setPassword('');
    setFieldError(undefined);
    setError(null);
    setBusy(null);
  };
  const finish = (confirmed: boolean) => {
    reset();
    settleReauth(confirmed);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!password) {
      setFieldError('Введите пароль');
      return;
    }
    setBusy('password');
    try {
      await requests.withPassword(password);
      finish(true);
    } catch (err) {
      setBusy(null);
      const split = err instanceof ApiError ? splitFieldErrors(err.data, ['password']) : null;
      if (split?.fields.password) setFieldError(split.fields.password);
      else setError(split?.rest ?? FAILED);
    }
  };

  const withPasskey = async () => {
    setError(null);
    setBusy('passkey');
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await requests.passkeyOptions();
      await requests.withPasskey(await startAuthentication({ optionsJSON }));
      finish(true);
    } catch (err) {
      setBusy(null);
      setError(passkeyError(err));
    }
  };

  const hasPasskeys = (ways.data?.passkeys ?? 0) > 0;
  const noPassword = ways.data ? !ways.data.has_password : false;

  return (
    <Sheet open={open} onClose={() => finish(false)} title={REAUTH_TITLE} width={440}>
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <p className="text-sm text-fg-muted">
          Это действие меняет защиту аккаунта или открывает доступ к файлам. Подтвердите, что это вы, — и оно продолжится.
        </p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {noPassword ? (
          <p className="text-sm text-fg-muted">
            Пароль не задан.{' '}
            {hasPasskeys ? 'Войдите с ключом доступа.' : 'Выйдите и войдите снова через VK ID или Яндекс ID, затем повторите действие.'}
          </p>
        ) : (
          <PasswordField
            label="Пароль"
            name="password"
            autoFocus
            value={password}
            error={fieldError}
            onChange={(e) => {
              setPassword(e.target.value);
              setFieldError(undefined);
            }}
          />
        )}
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:flex-wrap">
          {noPassword ? null : (
            <Button type="submit" className={TOUCH} loading={busy === 'password'} disabled={busy !== null}>
              Подтвердить
            </Button>
          )}
          {hasPasskeys ? (
            <Button
              variant="secondary"
              className={TOUCH}
              loading={busy === 'passkey'}
              disabled={busy !== null}
              onClick={() => void withPasskey()}
            >
              Войти с ключом доступа
            </Button>
          ) : null}
          <Button variant="ghost" className={TOUCH} onClick={() => finish(false)}>
            Отмена
          </Button>
        </div>
      </form>
    </Sheet>
  );
}

/** Mounted once in the signed-in frame: shows «Подтвердите вход» whenever the API client asks for it. */
export function ReauthDialogHost({ requests = APP_REQUESTS }: { requests?: ReauthRequests }) {
  const asked = useAtomValue(reauthAskedAtom);
  useEffect(() => registerReauthHost(), []);
  return <ReauthDialog open={asked} requests={requests} />;
}
