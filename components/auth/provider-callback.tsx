'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ScreenLoading } from '@/components/ui/lazy-screen';
import { PasswordField } from '@/components/ui/password-field';
import { useProviderSignIn } from '@/hooks/use-sign-in-ways';
import { ApiError, dataText } from '@/lib/api/api-error';
import type { LinkRequired, ProviderId } from '@/lib/api/oauth';
import { isLinkRequired } from '@/lib/api/oauth';
import { isSecondStep } from '@/lib/api/two-factor';
import { AuthCard, BackToLoginLink } from './auth-card';
import { SecondStepForm } from './second-step-form';

const LABELS: Record<ProviderId, string> = { vkid: 'VK ID', yandex: 'Яндекс ID' };
export const PROVIDER_CANCELLED = 'Вход отменён. Попробуйте ещё раз или войдите по паролю.';
const SIGN_IN_FAILED = 'Не удалось войти. Попробуйте ещё раз.';

const messageOf = (e: unknown) => (e instanceof ApiError ? (dataText(e.data) ?? SIGN_IN_FAILED) : SIGN_IN_FAILED);

type Step =
  { kind: 'working' } | { kind: 'error'; text: string } | { kind: 'second-step'; mfaToken: string } | { kind: 'link'; link: LinkRequired };

/**
 * The provider's return: the code and state from this page's address go to the server once (the
 * address is then cleared from the history), and the answer leads on — signed in, the code from the
 * app when two-step sign-in is on, or the password of the account the provider's e-mail named.
 */
export function ProviderCallback() {
  const router = useRouter();
  const { complete } = useProviderSignIn();
  const [step, setStep] = useState<Step>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const q = new URLSearchParams(window.location.search);
    window.history.replaceState(null, '', window.location.pathname);
    const code = q.get('code');
    const state = q.get('state');
    if (!code || !state) {
      setStep({ kind: 'error', text: PROVIDER_CANCELLED });
      return;
    }
    const deviceId = q.get('device_id');
    complete({ code, state, ...(deviceId ? { device_id: deviceId } : {}) })
      .then((answer) => {
        if (isLinkRequired(answer)) setStep({ kind: 'link', link: answer });
        else if (isSecondStep(answer)) setStep({ kind: 'second-step', mfaToken: answer.mfa_token });
        else router.replace('/');
      })
      .catch((e: unknown) => setStep({ kind: 'error', text: messageOf(e) }));
  }, [complete, router]);

  if (step.kind === 'working') return <ScreenLoading />;
  if (step.kind === 'second-step') {
    return (
      <AuthCard title="Вход">
        <SecondStepForm mfaToken={step.mfaToken} onRestart={() => router.replace('/login')} />
      </AuthCard>
    );
  }
  if (step.kind === 'link') {
    return <LinkAccount link={step.link} onSecondStep={(mfaToken) => setStep({ kind: 'second-step', mfaToken })} />;
  }
  return (
    <AuthCard title="Вход" footer={<BackToLoginLink />}>
      <FormAlert>{step.text}</FormAlert>
    </AuthCard>
  );
}

/** The account with the provider's e-mail exists: its password links the provider (never silently) and signs in. */
function LinkAccount({ link, onSecondStep }: { link: LinkRequired; onSecondStep: (mfaToken: string) => void }) {
  const router = useRouter();
  const { link: confirm } = useProviderSignIn();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = LABELS[link.provider];

  const submit = async () => {
    setError(null);
    if (!password) {
      setError('Введите пароль');
      return;
    }
    setBusy(true);
    try {
      const answer = await confirm(link.link_token, password);
      if (isSecondStep(answer)) onSecondStep(answer.mfa_token);
      else router.replace('/');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={`Привязать ${label}`} footer={<BackToLoginLink />}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-fg-muted">
          В Копилке уже есть аккаунт с адресом {link.email}. Введите его пароль, чтобы привязать {label} и войти. Потом входить можно будет
          через {label} без пароля.
        </p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <PasswordField label="Пароль" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" loading={busy} fullWidth>
          Привязать и войти
        </Button>
      </form>
    </AuthCard>
  );
}
