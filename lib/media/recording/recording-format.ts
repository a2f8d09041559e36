/**
 * Which container/codec a MediaRecorder should produce, and how the resulting file is named.
 * Pure: `isTypeSupported` is passed in so tests (and browsers without MediaRecorder) can decide.
 */

export type RecorderKind = 'audio' | 'video';

/** The recording formats, most preferred first. `audio/mp4;codecs=aac` is asked for as plain `audio/mp4`. */
export const AUDIO_MIME_PREFERENCES: readonly string[] = [
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
];

/** The camera recorder's order. VP8 first: cheaper to encode than VP9 on small machines, and the server makes the MP4 anyway. */
export const VIDEO_MIME_PREFERENCES: readonly string[] = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

/** Preferences that are requested from MediaRecorder under another name. */
const REQUEST_AS: Record<string, string> = { 'audio/mp4;codecs=aac': 'audio/mp4' };

/**
 * The first preference the browser can record, as the string to hand to `new MediaRecorder(stream, { mimeType })`.
 * `null` when none is supported (the caller then lets the browser pick its default).
 */
export function chooseMimeType(
  isTypeSupported: (type: string) => boolean,
  preferences: readonly string[] = AUDIO_MIME_PREFERENCES,
): string | null {
  for (const pref of preferences) {
    const requested = REQUEST_AS[pref] ?? pref;
    let ok: boolean;
    try {
      ok = isTypeSupported(requested);
    } catch {
      ok = false;
    }
    if (ok) return requested;
  }
  return null;
}

/** `audio/webm;codecs=opus` → `audio/webm`. */
export function baseMimeType(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The type the upload carries. We keep the true type (contract: the spec relabels mp4/aac as webm, we do not);
 * only the parameters are dropped, and an empty type (some browsers) becomes the kind's webm.
 */
export function uploadMimeType(mime: string | null | undefined, kind: RecorderKind = 'audio'): string {
  const base = baseMimeType(mime ?? '');
  return base || `${kind}/webm`;
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
};

/** Real file extension for a recorded type (webm/mp3/wav/ogg/m4a, aac for raw ADTS). */
export function extensionFor(mime: string | null | undefined, kind: RecorderKind = 'audio'): string {
  return EXTENSIONS[uploadMimeType(mime, kind)] ?? 'webm';
}

/**
 * The spec's file name: 'recording' plus the optional title, with the real extension.
 * Characters that file systems or multipart headers dislike are replaced by '_'.
 */
export function recordingFileName(title: string | null | undefined, mime: string | null | undefined, kind: RecorderKind = 'audio'): string {
  const cleanTitle = (title ?? '')
    .trim()
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
    .replace(/\s+/g, '_')
    .slice(0, 100);
  return `recording${cleanTitle ? `_${cleanTitle}` : ''}.${extensionFor(mime, kind)}`;
}
