/**
 * "No recording lost": while the recorder runs, every MediaRecorder chunk is appended to IndexedDB
 * under one session id. After a successful save or an explicit discard the session is deleted; a
 * session still present on the next visit is an unsaved recording the screen offers to restore.
 *
 * Chunks are stored as ArrayBuffers (cloneable everywhere, unlike Blobs in some IndexedDB shims).
 */

import type { RecorderKind } from './recording-format';

export interface RecordingSession {
  id: string;
  kind: RecorderKind;
  mimeType: string;
  /** ISO time the recording started. */
  started_at: string;
  /** Seconds recorded so far, updated with each chunk. */
  duration: number;
  chunkCount: number;
  size: number;
  /** Set once the user saved it with no network: the upload waits for the network (and a session). */
  pending?: PendingDetails;
}

/** What a recording saved with no network carries until it is sent. */
export interface PendingDetails {
  title: string;
  description: string;
  /**
   * The id of the account it was recorded in: it is sent only into that account. Null (and absent, in
   * recordings kept before ids were: those named an e-mail address, which may since belong to another
   * account) when unknown: then it is never sent on its own, the signed-in user decides.
   */
  ownerId: number | null;
  /** ISO time it was saved. */
  saved_at: string;
}

export interface RestoredRecording {
  session: RecordingSession;
  blob: Blob;
}

const DB_NAME = 'kopilka-recordings';
const DB_VERSION = 1;
const SESSIONS = 'sessions';
const CHUNKS = 'chunks';

interface ChunkRow {
  sessionId: string;
  seq: number;
  data: ArrayBuffer;
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function isRecordingStoreAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  if (!isRecordingStoreAvailable()) return Promise.reject(new Error('IndexedDB is not available'));
  if (!dbPromise) {
    dbPromise = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: 'id' });
        if (!db.objectStoreNames.contains(CHUNKS)) {
          const chunks = db.createObjectStore(CHUNKS, { keyPath: ['sessionId', 'seq'] });
          chunks.createIndex('bySession', 'sessionId');
        }
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the schema: let it, and reopen next time.
        db.onversionchange = () => {
          db.close();
          dbPromise = null;
        };
        resolve(db);
      };
      req.onerror = () => {
        dbPromise = null;
        reject(req.error ?? new Error('IndexedDB could not be opened'));
      };
    });
  }
  return dbPromise;
}

/** For tests: forget the open connection (after deleting the database). */
export function closeRecordingStore(): void {
  void dbPromise?.then((db) => db.close()).catch(() => undefined);
  dbPromise = null;
}

function blobToArrayBuffer(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Reading the recording chunk failed'));
    reader.readAsArrayBuffer(blob);
  });
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Starts a session; returns its id. */
export async function createSession(input: { kind: RecorderKind; mimeType: string; startedAt?: Date }): Promise<string> {
  const db = await openDb();
  const session: RecordingSession = {
    id: newId(),
    kind: input.kind,
    mimeType: input.mimeType,
    started_at: (input.startedAt ?? new Date()).toISOString(),
    duration: 0,
    chunkCount: 0,
    size: 0,
  };
  const tx = db.transaction(SESSIONS, 'readwrite');
  tx.objectStore(SESSIONS).put(session);
  await done(tx);
  return session.id;
}

/**
 * Appends one chunk (in call order — callers serialise appends) and records the duration so far.
 * The chunk and the session's counters are written in one transaction.
 */
export async function appendChunk(sessionId: string, chunk: Blob, durationSeconds?: number): Promise<void> {
  const data = await blobToArrayBuffer(chunk);
  const db = await openDb();
  const tx = db.transaction([SESSIONS, CHUNKS], 'readwrite');
  const sessions = tx.objectStore(SESSIONS);
  const session = (await promisify(sessions.get(sessionId))) as RecordingSession | undefined;
  if (!session) {
    tx.abort();
    throw new Error(`No recording session ${sessionId}`);
  }
  const row: ChunkRow = { sessionId, seq: session.chunkCount, data };
  tx.objectStore(CHUNKS).put(row);
  sessions.put({
    ...session,
    chunkCount: session.chunkCount + 1,
    size: session.size + data.byteLength,
    duration:
      durationSeconds !== undefined && Number.isFinite(durationSeconds) ? Math.max(session.duration, durationSeconds) : session.duration,
  });
  await done(tx);
}

/** Updates the session's duration (e.g. the final count when the recorder stops). */
export async function setSessionDuration(sessionId: string, durationSeconds: number): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(SESSIONS, 'readwrite');
  const store = tx.objectStore(SESSIONS);
  const session = (await promisify(store.get(sessionId))) as RecordingSession | undefined;
  if (session) store.put({ ...session, duration: Math.max(0, durationSeconds) });
  await done(tx);
}

async function allSessions(kind?: RecorderKind): Promise<RecordingSession[]> {
  const db = await openDb();
  const tx = db.transaction(SESSIONS, 'readonly');
  const all = (await promisify(tx.objectStore(SESSIONS).getAll())) as RecordingSession[];
  return all.filter((s) => s.chunkCount > 0 && (!kind || s.kind === kind)).sort((a, b) => b.started_at.localeCompare(a.started_at));
}

/** Sessions that were never saved nor discarded and hold at least one chunk, newest first. */
export async function listUnsaved(kind?: RecorderKind): Promise<RecordingSession[]> {
  return (await allSessions(kind)).filter((s) => !s.pending);
}

/** Recordings saved with no network and not sent yet, oldest first (they are sent in that order). */
export async function listPending(kind?: RecorderKind): Promise<RecordingSession[]> {
  return (await allSessions(kind)).filter((s) => !!s.pending).reverse();
}

/** Marks a session as saved with no network: it stays until it is sent, and is no longer offered for restoring. */
export async function markPending(sessionId: string, details: PendingDetails): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(SESSIONS, 'readwrite');
  const store = tx.objectStore(SESSIONS);
  const session = (await promisify(store.get(sessionId))) as RecordingSession | undefined;
  if (!session) {
    tx.abort();
    throw new Error(`No recording session ${sessionId}`);
  }
  store.put({ ...session, pending: details });
  await done(tx);
}

/**
 * The session's chunks joined into one Blob of its mime type; null when it does not exist — or,
 * when `kind` is given, belongs to another kind (a video recorder never restores an audio session).
 */
export async function loadRecording(sessionId: string, kind?: RecorderKind): Promise<RestoredRecording | null> {
  const db = await openDb();
  const tx = db.transaction([SESSIONS, CHUNKS], 'readonly');
  const session = (await promisify(tx.objectStore(SESSIONS).get(sessionId))) as RecordingSession | undefined;
  if (!session || (kind && session.kind !== kind)) return null;
  const rows = (await promisify(tx.objectStore(CHUNKS).index('bySession').getAll(IDBKeyRange.only(sessionId)))) as ChunkRow[];
  rows.sort((a, b) => a.seq - b.seq);
  const blob = new Blob(
    rows.map((r) => new Uint8Array(r.data)),
    { type: session.mimeType },
  );
  return { session, blob };
}

/** Removes a session and all its chunks (after a successful save or an explicit discard). */
export async function deleteSession(sessionId: string): Promise<void> {
  const db = await openDb();
  const tx = db.transaction([SESSIONS, CHUNKS], 'readwrite');
  tx.objectStore(SESSIONS).delete(sessionId);
  tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([sessionId, 0], [sessionId, Number.MAX_SAFE_INTEGER]));
  await done(tx);
}
