/** Whether this browser can record at all, and how a refused start is told apart. */

/** The browser has MediaRecorder and getUserMedia (a secure page: https or localhost). */
export function isRecordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices &&
    typeof navigator.mediaDevices.getUserMedia === 'function'
  );
}

/** getUserMedia failures that mean "no access" (refused, or no device): the screen offers 'Запросить разрешение'. */
const PERMISSION_ERRORS = new Set(['NotAllowedError', 'NotFoundError', 'PermissionDeniedError', 'SecurityError', 'DevicesNotFoundError']);

/** A failed getUserMedia: a permission problem, or any other start failure. */
export function startFailureKind(error: unknown): 'permission' | 'start' {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && PERMISSION_ERRORS.has(name) ? 'permission' : 'start';
}
