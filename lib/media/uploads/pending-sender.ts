import type { QueryClient } from '@tanstack/react-query';
import { audioQueries, createAudio } from '@/lib/api/audio';
import { ApiError } from '@/lib/api/api-error';
import { audioSaveError, duplicateOf } from '@/lib/media-errors';
import { flushPendingUploads, type FlushResult, type UnsentReason } from './pending-uploads';
import { recordingFileName, uploadMimeType } from '@/lib/media/recording/recording-format';
import { deleteSession, listPending, loadRecording, type RecordingSession } from '@/lib/media/recording/recording-store';

/** No answer → no network; 401 after the client's own refresh and retry → the session has ended; else refused. */
export function unsentReason(error: unknown): UnsentReason {
  if (error instanceof ApiError) {
    if (error.status === null) return 'offline';
    if (error.status === 401) return 'auth';
  }
  return 'refused';
}

/**
 * Sends a waiting recording; the server answering that its owner already keeps these bytes
 * («Этот файл уже есть в Копилке») means an earlier send got through (its answer was lost on the
 * way), so it counts as sent.
 */
export async function sendUnlessKept(send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!duplicateOf(error)) throw error;
  }
}

/** Uploads one waiting recording as the audio record it was saved as. */
async function uploadPending(session: RecordingSession, blob: Blob): Promise<void> {
  const title = session.pending?.title ?? '';
  const fileName = recordingFileName(title, session.mimeType, 'audio');
  const file = new File([blob], fileName, { type: uploadMimeType(session.mimeType, 'audio') });
  await sendUnlessKept(() => createAudio({ file, fileName, title, description: session.pending?.description ?? '' }));
}

/**
 * Sends the audio recordings saved with no network in the account `accountId` into it, then refreshes
 * the list; returns the refused ones with the message to show.
 */
export async function sendPendingAudio(
  accountId: number | null,
  queryClient: QueryClient,
): Promise<FlushResult & { messages: Record<string, string> }> {
  const result = await flushPendingUploads(
    {
      list: () => listPending('audio'),
      load: async (id) => (await loadRecording(id, 'audio'))?.blob ?? null,
      upload: uploadPending,
      remove: deleteSession,
      reason: unsentReason,
    },
    accountId,
  );
  const messages: Record<string, string> = {};
  for (const { id, error } of result.refused) messages[id] = audioSaveError(error);
  if (result.sent.length > 0) await queryClient.invalidateQueries({ queryKey: audioQueries.all() });
  return { ...result, messages };
}

/**
 * A waiting recording the signed-in user chose to send into their own account (one whose account is
 * unknown, which is never sent on its own): sent, forgotten on the device, the list refreshed. The
 * message to show when it could not be sent (it stays), else null.
 */
export async function sendChosenRecording(sessionId: string, queryClient: QueryClient): Promise<string | null> {
  try {
    const loaded = await loadRecording(sessionId, 'audio');
    if (loaded?.session.pending && loaded.blob.size > 0) await uploadPending(loaded.session, loaded.blob);
    await deleteSession(sessionId);
  } catch (error) {
    return audioSaveError(error);
  }
  await queryClient.invalidateQueries({ queryKey: audioQueries.all() });
  return null;
}
