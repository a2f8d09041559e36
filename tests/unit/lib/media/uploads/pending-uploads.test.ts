import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { sendUnlessKept } from '@/lib/media/uploads/pending-sender';
import { accountOfToken } from '@/lib/auth/account-id';
import { flushPendingUploads, ownershipOf, type PendingUploadDeps, type UnsentReason } from '@/lib/media/uploads/pending-uploads';
import type { RecordingSession } from '@/lib/media/recording/recording-store';

const ME = 7;
const session = (id: string, ownerId: number | null): RecordingSession => ({
  id,
  kind: 'audio',
  mimeType: 'audio/webm',
  started_at: '2026-01-01T00:00:00.000Z',
  duration: 3,
  chunkCount: 1,
  size: 4,
  pending: { title: `Запись ${id}`, description: '', ownerId, saved_at: '2026-01-01T00:00:05.000Z' },
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
    const q = fakeQueue([session('a', ME), session('b', ME)]);
    const result = await flushPendingUploads(q.deps, ME);
    expect(q.uploaded).toEqual(['a', 'b']);
    expect(result).toEqual({ sent: ['a', 'b'], refused: [], stoppedBy: null });
    expect(q.left()).toEqual([]);
  });

  it('stops at the first recording the network did not carry and keeps it and the rest', async () => {
    const q = fakeQueue([session('a', ME), session('b', ME), session('c', ME)], { b: 'offline' });
    const result = await flushPendingUploads(q.deps, ME);
    expect(result.stoppedBy).toBe('offline');
    expect(result.sent).toEqual(['a']);
    expect(q.left()).toEqual(['b', 'c']);
  });

  it('keeps everything when the session has ended, to be sent after the next sign-in', async () => {
    const q = fakeQueue([session('a', ME)], { a: 'auth' });
    const result = await flushPendingUploads(q.deps, ME);
    expect(result.stoppedBy).toBe('auth');
    expect(q.left()).toEqual(['a']);
  });

  it('keeps a recording the server refused and goes on with the next', async () => {
    const q = fakeQueue([session('a', ME), session('b', ME)], { a: 'refused' });
    const result = await flushPendingUploads(q.deps, ME);
    expect(result.refused.map((r) => r.id)).toEqual(['a']);
    expect(result.sent).toEqual(['b']);
    expect(q.left()).toEqual(['a']);
  });

  it('never sends a recording into another account than the one it was made in, by id', async () => {
    const q = fakeQueue([session('mine', ME), session('theirs', 8)]);
    await flushPendingUploads(q.deps, ME);
    expect(q.uploaded).toEqual(['mine']);
    expect(q.left()).toEqual(['theirs']);
    expect(ownershipOf(session('x', 8), ME)).toBe('other');
    expect(ownershipOf(session('x', ME), null)).toBe('other');
  });

  it('never sends on its own a recording whose account is unknown: kept with no id, or with an e-mail address', async () => {
    // Before ids, a recording named the address of its account; addresses move between accounts.
    const legacy = { ...session('by-address', null), pending: { title: 'Старая', description: '', owner: 'a@example.com', saved_at: '' } };
    const q = fakeQueue([session('no-owner', null), legacy as unknown as RecordingSession, session('mine', ME)]);
    const result = await flushPendingUploads(q.deps, ME);
    expect(q.uploaded).toEqual(['mine']);
    expect(result.sent).toEqual(['mine']);
    expect(q.left()).toEqual(['no-owner', 'by-address']);
    expect(ownershipOf(session('no-owner', null), ME)).toBe('unknown');
    expect(ownershipOf(legacy as unknown as RecordingSession, ME)).toBe('unknown');
    expect(ownershipOf(session('mine', ME), ME)).toBe('mine');
  });

  it('drops a pending entry whose recording is gone instead of sending an empty file', async () => {
    const q = fakeQueue([session('empty', ME)], {}, { empty: null });
    const result = await flushPendingUploads(q.deps, ME);
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

describe('the account a stored access token belongs to', () => {
  const jwt = (payload: unknown) =>
    ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload), 'signature']
      .map((p, i) => (i < 2 ? Buffer.from(p).toString('base64url') : p))
      .join('.');

  it('is its user_id claim, read without the signature (the browser cannot check it)', () => {
    expect(accountOfToken(jwt({ token_type: 'access', user_id: 42, sid: 'абв', exp: 1 }))).toBe(42);
    expect(accountOfToken(jwt({ user_id: 'один' }))).toBeNull();
    expect(accountOfToken(jwt({ user_id: 0 }))).toBeNull();
    expect(accountOfToken(jwt({}))).toBeNull();
    expect(accountOfToken('not-a-token')).toBeNull();
    expect(accountOfToken('a.%%%.b')).toBeNull();
    expect(accountOfToken(null)).toBeNull();
  });
});
