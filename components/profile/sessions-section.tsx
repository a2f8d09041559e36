'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useEndOtherSessions, useEndSession, useSessions } from '@/components/profile/use-sessions';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { SessionInfo } from '@/lib/api/sessions';
import { errorInfo, sessionEndError, sessionsLoadError } from '@/lib/errors';
import { describeUserAgent } from '@/lib/sessions/describe-user-agent';
import { ProfileSection } from '@/components/ui/section';

export const SESSION_ENDED = 'Сеанс завершён';
export const OTHER_SESSIONS_ENDED = 'Остальные сеансы завершены';

const dateTime = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function SessionItem({
  session,
  ending,
  disabled,
  onEnd,
}: {
  session: SessionInfo;
  ending: boolean;
  disabled: boolean;
  onEnd: () => void;
}) {
  const { browser, system } = describeUserAgent(session.user_agent);
  const titleId = `session-${session.id}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-0.5 text-sm">
        <p id={titleId} className="font-medium text-fg">
          {browser} · {system}
          {session.current ? (
            <span className="ml-2 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-text">Это устройство</span>
          ) : null}
        </p>
        <p className="text-fg-muted">IP-адрес: {session.ip ?? 'неизвестен'}</p>
        <p className="text-fg-muted">
          {session.current ? 'Активен сейчас' : `Последняя активность: ${dateTime.format(new Date(session.last_used_at))}`}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" aria-describedby={titleId} loading={ending} disabled={disabled} onClick={onEnd}>
          Завершить
        </Button>
      )}
    </li>
  );
}

/** The signed-in devices: each other one can be ended, or all of them at once. */
export function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = useRef<HTMLUListElement>(null);

  const busy = endOne.isPending || endOthers.isPending;
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  // The ended item leaves the list: the focus goes to the list rather than to the top of the page.
  const afterEnd = (message: string) => {
    snackbar.showSuccess(message);
    requestAnimationFrame(() => list.current?.focus());
  };

  const end = async (id: string) => {
    setError(null);
    try {
      await endOne.mutateAsync(id);
      afterEnd(SESSION_ENDED);
    } catch (e) {
      setError(sessionEndError(errorInfo(e)));
    }
  };

  const endAllOthers = async () => {
    setError(null);
    try {
      await endOthers.mutateAsync();
      setConfirming(false);
      afterEnd(OTHER_SESSIONS_ENDED);
    } catch (e) {
      setConfirming(false);
      setError(sessionEndError(errorInfo(e)));
    }
  };

  return (
    <ProfileSection id="sessions" title="Сеансы">
      <div className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted">Устройства и браузеры, в которых выполнен вход в ваш аккаунт.</p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {sessions.isPending ? (
          <div className="flex justify-center py-4 text-accent-text">
            <Spinner className="h-5 w-5" label="Загрузка сеансов…" />
          </div>
        ) : sessions.isError ? (
          <SessionsLoadError error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : (
          <ul ref={list} tabIndex={-1} aria-label="Активные сеансы" className="divide-y divide-line outline-none">
            {sessions.data.map((s) => (
              <SessionItem
                key={s.id}
                session={s}
                ending={endOne.isPending && endOne.variables === s.id}
                disabled={busy}
                onEnd={() => void end(s.id)}
              />
            ))}
          </ul>
        )}
        {others.length > 0 ? (
          <div>
            <Button variant="secondary" disabled={busy} loading={endOthers.isPending} onClick={() => setConfirming(true)}>
              Завершить все остальные
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Завершить остальные сеансы?"
        message="Все устройства, кроме этого, выйдут из аккаунта."
        confirmLabel="Завершить"
        busy={endOthers.isPending}
        onConfirm={() => void endAllOthers()}
        onCancel={() => setConfirming(false)}
      />
    </ProfileSection>
  );
}

function SessionsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <LoadFailed message={sessionsLoadError(errorInfo(error))} onRetry={onRetry} />;
}
