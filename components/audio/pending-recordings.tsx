'use client';

import { useAtomValue } from 'jotai';
import { formatClock } from '@/lib/media/recording/recorder-machine';
import { pendingNeedSignInAtom, pendingRecordingsAtom, pendingRefusalsAtom } from '@/lib/media/uploads/pending-atoms';

export const PENDING_STATE = 'Ожидает отправки';
export const PENDING_NOTE = 'Записи отправятся сами, когда появится сеть. Если сеанс завершится, они отправятся после следующего входа.';
export const PENDING_SIGN_IN = 'Сеанс завершён: записи отправятся после следующего входа.';

/** Recordings saved with no network, each marked «Ожидает отправки» until the server has it. */
export function PendingRecordings() {
  const pending = useAtomValue(pendingRecordingsAtom);
  const refusals = useAtomValue(pendingRefusalsAtom);
  const needSignIn = useAtomValue(pendingNeedSignInAtom);
  if (pending.length === 0) return null;
  return (
    <section aria-label="Ожидают отправки" className="flex flex-col gap-2 rounded-lg border border-info-line bg-info-soft p-4">
      <p className="text-sm text-info-text">{needSignIn ? PENDING_SIGN_IN : PENDING_NOTE}</p>
      <ul className="flex flex-col gap-2">
        {pending.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded bg-surface px-3 py-2"
            data-testid="pending-recording"
          >
            <span className="font-medium">{s.pending?.title}</span>
            <span className="text-sm text-fg-muted">{formatClock(s.duration)}</span>
            <span className="rounded bg-info-soft px-2 py-0.5 text-xs font-medium text-info-text">{PENDING_STATE}</span>
            {refusals[s.id] ? (
              <span role="alert" className="w-full text-sm text-danger-text">
                {refusals[s.id]}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
