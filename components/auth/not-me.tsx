'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ScreenLoading } from '@/components/ui/lazy-screen';
import { useUndoChange } from '@/components/auth/use-not-me';
import { clearSession } from '@/lib/auth/session';
import { errorInfo, undoLinkError } from '@/lib/errors';
import { AuthCard, BackToLoginLink } from './auth-card';

export const NOT_ME_RECOVERED =
  'Ключи доступа и привязки VK ID и Яндекс ID, добавленные за последние 30 дней, удалены, а ссылки для просмотра, созданные за это время в других сеансах, приостановлены. Подробности — в письме.';
export const NOT_ME_CHANGE_PASSWORD = 'Теперь задайте новый пароль: тот, кто это сделал, мог знать старый.';
export const NOT_ME_BAD_LINK = 'Ссылка недействительна или устарела';

/**
 * «Это был не я»: each notice of a new way in (a passkey added, a provider linked, two-step sign-in turned on)
 * links here with a token in the fragment (`/not-me/#<token>`), which no server and no Referer ever sees; the
 * token goes in the request's body. Nothing happens before the button is pressed (a mail scanner opening the
 * link changes nothing). Done, the change is undone, every session of the account has ended (this browser's
 * too), and the recent ways in are gone: the page says what, and points to setting a new password.
 */
export function NotMe() {
  const undo = useUndoChange();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ kind: 'done'; detail: string } | { kind: 'error'; text: string } | null>(null);

  useEffect(() => {
    setToken(window.location.hash.slice(1) || null);
  }, []);

  if (token === undefined) return <ScreenLoading />;

  const submit = async () => {
    if (!token) return;
    setOutcome(null);
    try {
      const answer = await undo.mutateAsync(token);
      clearSession();
      setOutcome({ kind: 'done', detail: `${answer.detail}.` });
    } catch (e) {
      setOutcome({ kind: 'error', text: undoLinkError(errorInfo(e)) });
    }
  };

  if (outcome?.kind === 'done') {
    return (
      <AuthCard title="Это был не я" footer={<BackToLoginLink />}>
        <div className="flex flex-col gap-4">
          <FormAlert kind="success">{outcome.detail}</FormAlert>
          <p className="text-sm text-fg-muted">{NOT_ME_RECOVERED}</p>
          <p className="text-sm text-fg-muted">{NOT_ME_CHANGE_PASSWORD}</p>
          <Link href="/forgot-password" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
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
            Если изменение из письма — новый ключ доступа, привязка VK ID или Яндекс ID, включённая двухэтапная проверка — сделали не вы,
            отмените его. Все сеансы будут завершены, а способы входа, добавленные за последние 30 дней, удалены.
          </p>
          {outcome ? <FormAlert>{outcome.text}</FormAlert> : null}
          <Button variant="danger" onClick={() => void submit()} loading={undo.isPending} fullWidth>
            Отменить изменение
          </Button>
        </div>
      ) : (
        <FormAlert>{NOT_ME_BAD_LINK}</FormAlert>
      )}
    </AuthCard>
  );
}
