'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ScreenLoading } from '@/components/ui/lazy-screen';
import { useUndoTwoFactor } from '@/hooks/use-two-factor';
import { clearSession } from '@/lib/auth/session';
import { errorInfo, undoLinkError } from '@/lib/errors';
import { AuthCard, BackToLoginLink } from './auth-card';

export const NOT_ME_DONE = 'Двухэтапная проверка отключена, все сеансы завершены.';
export const NOT_ME_CHANGE_PASSWORD = 'Теперь задайте новый пароль: тот, кто включил проверку, мог его знать.';
export const NOT_ME_BAD_LINK = 'Ссылка недействительна или устарела';

/**
 * «Это был не я»: the notice of two-step sign-in turned on links here with a token in the fragment
 * (`/not-me/#<token>`), which no server and no Referer ever sees; the token goes in the request's body.
 * Nothing happens before the button is pressed (a mail scanner opening the link changes nothing). Done,
 * every session of the account has ended, this browser's too.
 */
export function NotMe() {
  const undo = useUndoTwoFactor();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ kind: 'done' } | { kind: 'error'; text: string } | null>(null);

  useEffect(() => {
    setToken(window.location.hash.slice(1) || null);
  }, []);

  if (token === undefined) return <ScreenLoading />;

  const submit = async () => {
    if (!token) return;
    setOutcome(null);
    try {
      await undo.mutateAsync(token);
      clearSession();
      setOutcome({ kind: 'done' });
    } catch (e) {
      setOutcome({ kind: 'error', text: undoLinkError(errorInfo(e)) });
    }
  };

  if (outcome?.kind === 'done') {
    return (
      <AuthCard title="Это был не я" footer={<BackToLoginLink />}>
        <div className="flex flex-col gap-4">
          <FormAlert kind="success">{NOT_ME_DONE}</FormAlert>
          <p className="text-sm text-fg-muted">{NOT_ME_CHANGE_PASSWORD}</p>
          <Link href="/forgot-password" className="font-medium text-brand-700 underline">
            Задать новый пароль
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Это был не я" footer={<BackToLoginLink />}>
      {token ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">
            Если двухэтапную проверку в вашей Копилке включили не вы, отключите её. Все сеансы будут завершены — и того, кто её включил,
            тоже.
          </p>
          {outcome ? <FormAlert>{outcome.text}</FormAlert> : null}
          <Button variant="danger" onClick={() => void submit()} loading={undo.isPending} fullWidth>
            Отключить двухэтапную проверку
          </Button>
        </div>
      ) : (
        <FormAlert>{NOT_ME_BAD_LINK}</FormAlert>
      )}
    </AuthCard>
  );
}
