'use client';

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAccountId } from '@/hooks/use-account-id';
import { usePendingChoice } from '@/components/media/uploads/use-pending-uploads';
import { formatClock } from '@/lib/media/recording/recorder-machine';
import { pendingNeedSignInAtom, pendingRecordingsAtom, pendingRefusalsAtom } from '@/lib/media/uploads/pending-atoms';
import { ownershipOf } from '@/lib/media/uploads/pending-uploads';
import type { RecordingSession } from '@/lib/media/recording/recording-store';

export const PENDING_STATE = 'Ожидает отправки';
export const PENDING_NOTE = 'Записи отправятся сами, когда появится сеть. Если сеанс завершится, они отправятся после следующего входа.';
export const PENDING_SIGN_IN = 'Сеанс завершён: записи отправятся после следующего входа.';
export const UNKNOWN_OWNER_NOTE =
  'Неизвестно, в какой учётной записи сделана эта запись, поэтому сама она не отправится. Отправьте её в свою Копилку или удалите с устройства.';

/**
 * Recordings saved with no network, each marked «Ожидает отправки» until the server has it: this
 * account's go by themselves; one whose account is unknown (kept before recordings named their
 * account's id) waits for the signed-in user to send it into their account or remove it.
 */
export function PendingRecordings() {
  const pending = useAtomValue(pendingRecordingsAtom);
  const refusals = useAtomValue(pendingRefusalsAtom);
  const needSignIn = useAtomValue(pendingNeedSignInAtom);
  const accountId = useAccountId();
  if (pending.length === 0) return null;
  const mine = pending.filter((s) => ownershipOf(s, accountId) === 'mine');
  const unknown = pending.filter((s) => ownershipOf(s, accountId) === 'unknown');
  return (
    <section aria-label="Ожидают отправки" className="flex flex-col gap-2 rounded-lg border border-info-line bg-info-soft p-4">
      {mine.length > 0 ? <p className="text-sm text-info-text">{needSignIn ? PENDING_SIGN_IN : PENDING_NOTE}</p> : null}
      <ul className="flex flex-col gap-2">
        {mine.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded bg-surface px-3 py-2"
            data-testid="pending-recording"
          >
            <PendingSummary session={s} />
            {refusals[s.id] ? (
              <span role="alert" className="w-full text-sm text-danger-text">
                {refusals[s.id]}
              </span>
            ) : null}
          </li>
        ))}
        {unknown.map((s) => (
          <UnknownOwnerRecording key={s.id} session={s} />
        ))}
      </ul>
    </section>
  );
}

function PendingSummary({ session }: { session: RecordingSession }) {
  return (
    <>
      <span className="font-medium">{session.pending?.title}</span>
      <span className="text-sm text-fg-muted">{formatClock(session.duration)}</span>
      <span className="rounded bg-info-soft px-2 py-0.5 text-xs font-medium text-info-text">{PENDING_STATE}</span>
    </>
  );
}

/** A waiting recording of an unknown account: the user sends it into their own account, or removes it. */
function UnknownOwnerRecording({ session }: { session: RecordingSession }) {
  const choice = usePendingChoice();
  const [busy, setBusy] = useState<'send' | 'discard' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const title = session.pending?.title ?? '';

  const send = async () => {
    setBusy('send');
    setError(null);
    setError(await choice.send(session.id));
    setBusy(null);
  };
  const discard = async () => {
    setBusy('discard');
    await choice.discard(session.id);
    setBusy(null);
    setConfirming(false);
  };

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded bg-surface px-3 py-2" data-testid="pending-recording-unknown">
      <PendingSummary session={session} />
      <p className="w-full text-sm text-fg-muted">{UNKNOWN_OWNER_NOTE}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void send()} loading={busy === 'send'} disabled={busy !== null}>
          Отправить в мою Копилку
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy !== null}>
          Удалить с устройства
        </Button>
      </div>
      {error ? (
        <span role="alert" className="w-full text-sm text-danger-text">
          {error}
        </span>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Удалить запись с устройства?"
        message={`Запись «${title}» будет удалена с этого устройства, не попав в Копилку.`}
        confirmLabel="Удалить"
        busy={busy === 'discard'}
        onConfirm={() => void discard()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
