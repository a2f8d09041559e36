'use client';

import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { usePasskeySignIn } from '@/hooks/use-passkeys';
import { ApiError, dataText } from '@/lib/api/api-error';

export const PASSKEY_CANCELLED = 'Вход с ключом доступа отменён';
export const PASSKEY_UNSUPPORTED = 'Этот браузер не поддерживает ключи доступа';
const PASSKEY_FAILED = 'Не удалось войти с ключом доступа';

/** What the person is told when a passkey sign-in fails: the server's reason, a cancelled dialog, or the browser's lack. */
function passkeyError(e: unknown): string {
  if (e instanceof ApiError) return dataText(e.data) ?? PASSKEY_FAILED;
  if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return PASSKEY_CANCELLED;
  return PASSKEY_FAILED;
}

/**
 * «Войти с ключом доступа» under the login form, and the browser's passkey suggestions in the e-mail
 * field (conditional mediation) where it offers them. A suggestion waits silently; choosing one signs in
 * like the button does. The button's request replaces the waiting one.
 */
export function PasskeySignIn() {
  const router = useRouter();
  const signIn = usePasskeySignIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !active) return;
      try {
        await signIn(true);
        router.replace('/');
      } catch (e) {
        // Only the server's refusal of a chosen key (400) is news; an unanswered or replaced suggestion, or
        // options the server could not give (429 after many views of the page), are not.
        if (active && e instanceof ApiError && e.status === 400) setError(passkeyError(e));
      }
    })();
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [signIn, router]);

  const onClick = async () => {
    setError(null);
    if (!browserSupportsWebAuthn()) {
      setError(PASSKEY_UNSUPPORTED);
      return;
    }
    setBusy(true);
    try {
      await signIn(false);
      router.replace('/');
    } catch (e) {
      setError(passkeyError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-2">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button variant="secondary" fullWidth loading={busy} onClick={() => void onClick()}>
        Войти с ключом доступа
      </Button>
    </div>
  );
}
