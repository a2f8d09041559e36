/**
 * Recordings saved with no network wait in IndexedDB and are sent, oldest first, when the network
 * and a signed-in session are there. A recording belongs to the account (by id) it was made in: one made
 * in another account waits for that account's next sign-in, and one whose account is unknown is never
 * sent on its own (the audio screen offers it to the signed-in user, who sends or discards it). Nothing
 * is deleted before the server took it.
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

/** Whose a pending recording is, seen from the signed-in account: its own, another account's, or nobody knows. */
export type PendingOwnership = 'mine' | 'other' | 'unknown';

/** A recording kept before owners were ids (an e-mail address, or none) is of an unknown owner. */
export function ownershipOf(session: RecordingSession, accountId: number | null): PendingOwnership {
  const ownerId = session.pending?.ownerId;
  if (typeof ownerId !== 'number') return 'unknown';
  return accountId !== null && ownerId === accountId ? 'mine' : 'other';
}

/** Sends the recordings of `accountId` (only those: never another account's, never one of an unknown owner). */
export async function flushPendingUploads(deps: PendingUploadDeps, accountId: number | null): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], stoppedBy: null };
  for (const session of await deps.list()) {
    if (!session.pending || ownershipOf(session, accountId) !== 'mine') continue;
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
