/**
 * Recordings saved with no network wait in IndexedDB and are sent, oldest first, when the network
 * and a signed-in session are there. A recording belongs to the account it was made in: one made in
 * another account waits for that account's next sign-in. Nothing is deleted before the server took it.
 */

import type { RecordingSession } from '@/lib/media/recording/recording-store';

/** Why a send did not go through: no network (stop, retry later), no session (stop, wait for a sign-in), or refused. */
export type UnsentReason = 'offline' | 'auth' | 'refused';

export interface PendingUploadDeps {
  /** Pending sessions, oldest first. */
  list(): Promise<RecordingSession[]>;
  /** The session's recording, or null when its chunks are gone. */
  load(sessionId: string): Promise<Blob | null>;
  upload(session: RecordingSession, blob: Blob): Promise<void>;
  remove(sessionId: string): Promise<void>;
  /** Classifies a failed upload. */
  reason(error: unknown): UnsentReason;
}

export interface FlushResult {
  sent: string[];
  /** Refused by the server (kept, with the message to show). */
  refused: { id: string; error: unknown }[];
  /** What stopped the run early, or null when every eligible recording was tried. */
  stoppedBy: 'offline' | 'auth' | null;
}

/** A pending recording is sent only into the account it was made in (an unknown owner goes to whoever is signed in). */
export function belongsTo(session: RecordingSession, account: string | null): boolean {
  const owner = session.pending?.owner ?? null;
  if (owner === null) return true;
  return account !== null && owner.toLowerCase() === account.toLowerCase();
}

export async function flushPendingUploads(deps: PendingUploadDeps, account: string | null): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], stoppedBy: null };
  for (const session of await deps.list()) {
    if (!session.pending || !belongsTo(session, account)) continue;
    const blob = await deps.load(session.id);
    if (!blob || blob.size === 0) {
      await deps.remove(session.id);
      continue;
    }
    try {
      await deps.upload(session, blob);
    } catch (error) {
      const reason = deps.reason(error);
      if (reason === 'refused') {
        result.refused.push({ id: session.id, error });
        continue;
      }
      result.stoppedBy = reason;
      return result;
    }
    await deps.remove(session.id);
    result.sent.push(session.id);
  }
  return result;
}
