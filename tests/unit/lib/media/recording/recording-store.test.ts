import { afterEach, describe, expect, it } from 'vitest';
import {
  appendChunk,
  closeRecordingStore,
  createSession,
  deleteSession,
  listPending,
  listUnsaved,
  markPending,
  loadRecording,
  setSessionDuration,
} from '@/lib/media/recording/recording-store';

const text = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new TextDecoder().decode(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error ?? new Error('FileReader failed'));
    r.readAsArrayBuffer(blob);
  });

afterEach(async () => {
  for (const s of [...(await listUnsaved()), ...(await listPending())]) await deleteSession(s.id);
  closeRecordingStore();
});

describe('recording store (IndexedDB)', () => {
  it('keeps a recording saved with no network as pending, no longer offered for restoring', async () => {
    const older = await createSession({ kind: 'audio', mimeType: 'audio/webm', startedAt: new Date('2024-05-01T10:00:00Z') });
    const newer = await createSession({ kind: 'audio', mimeType: 'audio/webm', startedAt: new Date('2024-05-01T11:00:00Z') });
    const unsaved = await createSession({ kind: 'audio', mimeType: 'audio/webm' });
    for (const id of [older, newer, unsaved]) await appendChunk(id, new Blob(['x']), 1);
    const details = { title: 'В метро', description: 'без сети', ownerId: 7, saved_at: '2024-05-01T12:00:00.000Z' };
    await markPending(newer, details);
    await markPending(older, { ...details, title: 'Раньше' });
    expect((await listPending('audio')).map((s) => s.id)).toEqual([older, newer]);
    expect((await listPending('audio'))[1]?.pending).toEqual(details);
    expect((await listPending('video')).length).toBe(0);
    expect((await listUnsaved('audio')).map((s) => s.id)).toEqual([unsaved]);
  });

  it('keeps chunks in order under one session and joins them on load', async () => {
    const id = await createSession({ kind: 'audio', mimeType: 'audio/webm;codecs=opus', startedAt: new Date('2024-05-01T10:00:00Z') });
    await appendChunk(id, new Blob(['one-']), 0.5);
    await appendChunk(id, new Blob(['two-']), 1);
    await appendChunk(id, new Blob(['three']), 1.5);

    const loaded = await loadRecording(id);
    expect(loaded).not.toBeNull();
    expect(loaded!.blob.type).toBe('audio/webm;codecs=opus');
    expect(await text(loaded!.blob)).toBe('one-two-three');
    expect(loaded!.session).toMatchObject({
      id,
      kind: 'audio',
      chunkCount: 3,
      size: 13,
      duration: 1.5,
      started_at: '2024-05-01T10:00:00.000Z',
    });
  });

  it('lists unsaved sessions (with chunks) newest first, filtered by kind', async () => {
    const older = await createSession({ kind: 'audio', mimeType: 'audio/webm', startedAt: new Date('2024-01-01T00:00:00Z') });
    const newer = await createSession({ kind: 'audio', mimeType: 'audio/ogg', startedAt: new Date('2024-02-01T00:00:00Z') });
    const video = await createSession({ kind: 'video', mimeType: 'video/webm' });
    await createSession({ kind: 'audio', mimeType: 'audio/webm' }); // no chunk yet: nothing to restore
    for (const id of [older, newer, video]) await appendChunk(id, new Blob(['x']));

    expect((await listUnsaved('audio')).map((s) => s.id)).toEqual([newer, older]);
    expect((await listUnsaved('video')).map((s) => s.id)).toEqual([video]);
  });

  it('deletes a session and its chunks', async () => {
    const keep = await createSession({ kind: 'audio', mimeType: 'audio/webm' });
    const gone = await createSession({ kind: 'audio', mimeType: 'audio/webm' });
    await appendChunk(keep, new Blob(['keep']));
    await appendChunk(gone, new Blob(['gone']));
    await appendChunk(gone, new Blob(['gone']));

    await deleteSession(gone);
    expect(await loadRecording(gone)).toBeNull();
    expect((await listUnsaved()).map((s) => s.id)).toEqual([keep]);
    expect(await text((await loadRecording(keep))!.blob)).toBe('keep');
  });

  it('records the final duration and refuses chunks for unknown sessions', async () => {
    const id = await createSession({ kind: 'audio', mimeType: 'audio/webm' });
    await appendChunk(id, new Blob(['a']), 2);
    await setSessionDuration(id, 3);
    expect((await loadRecording(id))!.session.duration).toBe(3);
    await expect(appendChunk('nope', new Blob(['a']))).rejects.toThrow();
  });
});
