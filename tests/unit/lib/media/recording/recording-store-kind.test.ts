import { afterEach, describe, expect, it } from 'vitest';
import {
  appendChunk,
  closeRecordingStore,
  createSession,
  deleteSession,
  listUnsaved,
  loadRecording,
} from '@/lib/media/recording/recording-store';

afterEach(async () => {
  for (const s of await listUnsaved()) await deleteSession(s.id);
  closeRecordingStore();
});

describe('recording store keyed by kind', () => {
  it('keeps an unsaved video and an unsaved audio recording apart', async () => {
    const audio = await createSession({ kind: 'audio', mimeType: 'audio/webm' });
    const video = await createSession({ kind: 'video', mimeType: 'video/webm;codecs=vp8,opus' });
    await appendChunk(audio, new Blob(['audio-bytes']), 1);
    await appendChunk(video, new Blob(['video-']), 0.5);
    await appendChunk(video, new Blob(['bytes']), 1);

    expect((await listUnsaved('video')).map((s) => s.id)).toEqual([video]);
    expect((await listUnsaved('audio')).map((s) => s.id)).toEqual([audio]);

    const loaded = await loadRecording(video, 'video');
    expect(loaded!.blob.type).toBe('video/webm;codecs=vp8,opus');
    expect(loaded!.blob.size).toBe('video-bytes'.length);
    expect(loaded!.session).toMatchObject({ kind: 'video', chunkCount: 2, duration: 1 });
  });

  it('never restores a session into a recorder of the other kind', async () => {
    const audio = await createSession({ kind: 'audio', mimeType: 'audio/webm' });
    await appendChunk(audio, new Blob(['a']));
    expect(await loadRecording(audio, 'video')).toBeNull();
    expect(await loadRecording(audio, 'audio')).not.toBeNull();
    expect(await loadRecording(audio)).not.toBeNull(); // no kind given: as before
  });

  it('saving (deleting) the video session leaves the audio one for its own screen', async () => {
    const audio = await createSession({ kind: 'audio', mimeType: 'audio/webm' });
    const video = await createSession({ kind: 'video', mimeType: 'video/webm' });
    await appendChunk(audio, new Blob(['a']));
    await appendChunk(video, new Blob(['v']));
    await deleteSession(video);
    expect(await listUnsaved('video')).toEqual([]);
    expect((await listUnsaved('audio')).map((s) => s.id)).toEqual([audio]);
  });
});
