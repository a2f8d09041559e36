import { describe, expect, it } from 'vitest';
import {
  AUDIO_MIME_PREFERENCES,
  chooseMimeType,
  extensionFor,
  recordingFileName,
  uploadMimeType,
} from '@/lib/media/recording/recording-format';

describe('recording format', () => {
  it('keeps the spec order of preferred formats', () => {
    expect(AUDIO_MIME_PREFERENCES).toEqual([
      'audio/webm',
      'audio/webm;codecs=opus',
      'audio/mpeg',
      'audio/wav',
      'audio/x-wav',
      'audio/ogg;codecs=opus',
      'audio/ogg',
      'audio/mp4',
      'audio/mp4;codecs=aac',
      'audio/aac',
    ]);
  });

  it('chooses the first supported type in that order', () => {
    expect(chooseMimeType(() => true)).toBe('audio/webm');
    expect(chooseMimeType((t) => t !== 'audio/webm')).toBe('audio/webm;codecs=opus');
    expect(chooseMimeType((t) => t.startsWith('audio/ogg') || t === 'audio/wav')).toBe('audio/wav');
    expect(chooseMimeType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(chooseMimeType((t) => t === 'audio/aac')).toBe('audio/aac');
    expect(chooseMimeType(() => false)).toBeNull();
  });

  it('asks for mp4 aac as plain audio/mp4', () => {
    const asked: string[] = [];
    const chosen = chooseMimeType((t) => {
      asked.push(t);
      return t === 'audio/mp4';
    });
    expect(chosen).toBe('audio/mp4');
    expect(asked).not.toContain('audio/mp4;codecs=aac');
  });

  it('treats a throwing isTypeSupported as unsupported', () => {
    expect(
      chooseMimeType((t) => {
        if (t === 'audio/webm') throw new Error('nope');
        return true;
      }),
    ).toBe('audio/webm;codecs=opus');
  });

  it('keeps the true type on upload (no relabelling of mp4 as webm)', () => {
    expect(uploadMimeType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(uploadMimeType('audio/mp4')).toBe('audio/mp4');
    expect(uploadMimeType('audio/ogg; codecs=opus')).toBe('audio/ogg');
    expect(uploadMimeType('')).toBe('audio/webm');
    expect(uploadMimeType(null, 'video')).toBe('video/webm');
  });

  it('gives the real extension', () => {
    expect(extensionFor('audio/webm;codecs=opus')).toBe('webm');
    expect(extensionFor('audio/mpeg')).toBe('mp3');
    expect(extensionFor('audio/wav')).toBe('wav');
    expect(extensionFor('audio/x-wav')).toBe('wav');
    expect(extensionFor('audio/ogg;codecs=opus')).toBe('ogg');
    expect(extensionFor('audio/mp4')).toBe('m4a');
    expect(extensionFor('application/unknown')).toBe('webm');
  });

  it("names the file 'recording' plus the optional title and the extension", () => {
    expect(recordingFileName('', 'audio/webm')).toBe('recording.webm');
    expect(recordingFileName(undefined, 'audio/mpeg')).toBe('recording.mp3');
    expect(recordingFileName('Лекция 1', 'audio/ogg;codecs=opus')).toBe('recording_Лекция_1.ogg');
    expect(recordingFileName('a/b:c"d', 'audio/wav')).toBe('recording_a_b_c_d.wav');
    expect(recordingFileName('x', 'audio/mp4')).toBe('recording_x.m4a');
  });
});
