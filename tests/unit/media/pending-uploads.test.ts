import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { sendUnlessKept } from '@/lib/media/uploads/pending-sender';
import { belongsTo, flushPendingUploads, type PendingUploadDeps, type UnsentReason } from '@/lib/media/uploads/pending-uploads';
import type { RecordingSession } from '@/lib/media/recording/recording-store';

const session = (id: string, owner: string | null): RecordingSession => ({
  id,
  kind: 'audio',
  mimeType: 'audio/webm',
  started_at: '2026-01-01T00:00:00.000Z',
  duration: 3,
  chunkCount: 1,
  size: 4,
  pending: { title: `Запись ${id}`, description: '', owner, saved_at: '2026-01-01T00:00:05.000Z' },
});

class Failure extends Error {
  constructor(readonly why: UnsentReason) {
    super(why);
  }
}

function fakeQueue(sessions: RecordingSession[], fail: Record<string, UnsentReason> = {}, blobs: Record<string, Blob | null> = {}) {
  const stored = new Map(sessions.map((s) => [s.id, s]));
  const uploaded: string[] = [];
  const deps: PendingUploadDeps = {
    list: async () => [...stored.values()],
    load: async (id) => (id in blobs ? blobs[id]! : new Blob(['data'])),
    upload: async (s) => {
      const why = fail[s.id];
      if (why) throw new Failure(why);
      uploaded.push(s.id);
    },
    remove: async (id) => void stored.delete(id),
    reason: (error) => (error as Failure).why,
  };
  return { deps, uploaded, left: () => [...stored.keys()] };
}

describe('pending recordings queue', () => {
  it('sends every pending recording in order and forgets each once the server took it', async () => {
    const q = fakeQueue([session('a', 'me@example.com'), session('b', 'me@example.com')]);
    const result = await flushPendingUploads(q.deps, 'me@example.com');
    expect(q.uploaded).toEqual(['a', 'b']);
    expect(result).toEqual({ sent: ['a', 'b'], refused: [], stoppedBy: null });
    expect(q.left()).toEqual([]);
  });

  it('stops at the first recording the network did not carry and keeps it and the rest', async () => {
    const q = fakeQueue([session('a', null), session('b', null), session('c', null)], { b: 'offline' });
    const result = await flushPendingUploads(q.deps, 'me@example.com');
    expect(result.stoppedBy).toBe('offline');
    expect(result.sent).toEqual(['a']);
    expect(q.left()).toEqual(['b', 'c']);
  });

  it('keeps everything when the session has ended, to be sent after the next sign-in', async () => {
    const q = fakeQueue([session('a', 'me@example.com')], { a: 'auth' });
    const result = await flushPendingUploads(q.deps, 'me@example.com');
    expect(result.stoppedBy).toBe('auth');
    expect(q.left()).toEqual(['a']);
  });

  it('keeps a recording the server refused and goes on with the next', async () => {
    const q = fakeQueue([session('a', null), session('b', null)], { a: 'refused' });
    const result = await flushPendingUploads(q.deps, 'me@example.com');
    expect(result.refused.map((r) => r.id)).toEqual(['a']);
    expect(result.sent).toEqual(['b']);
    expect(q.left()).toEqual(['a']);
  });

  it('never sends a recording into another account than the one it was made in', async () => {
    const q = fakeQueue([session('mine', 'Me@Example.com'), session('theirs', 'other@example.com')]);
    await flushPendingUploads(q.deps, 'me@example.com');
    expect(q.uploaded).toEqual(['mine']);
    expect(q.left()).toEqual(['theirs']);
    expect(belongsTo(session('x', 'other@example.com'), null)).toBe(false);
    expect(belongsTo(session('x', null), null)).toBe(true);
  });

  it('drops a pending entry whose recording is gone instead of sending an empty file', async () => {
    const q = fakeQueue([session('empty', null)], {}, { empty: null });
    const result = await flushPendingUploads(q.deps, null);
    expect(q.uploaded).toEqual([]);
    expect(result.sent).toEqual([]);
    expect(q.left()).toEqual([]);
  });
});

describe('sending a waiting recording', () => {
  it('counts a recording the server already keeps as sent (an earlier answer was lost), and nothing else', async () => {
    const kept = new ApiError(409, { detail: 'Этот файл уже есть в Копилке', id: 4, kind: 'audio' });
    await expect(sendUnlessKept(() => Promise.reject(kept))).resolves.toBeUndefined();
    const refused = new ApiError(400, { audio_file: ['Файл не является поддерживаемой аудиозаписью'] });
    await expect(sendUnlessKept(() => Promise.reject(refused))).rejects.toBe(refused);
    const offline = ApiError.noAnswer();
    await expect(sendUnlessKept(() => Promise.reject(offline))).rejects.toBe(offline);
  });
});
