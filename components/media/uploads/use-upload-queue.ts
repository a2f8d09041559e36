'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { duplicateOf } from '@/lib/media-errors';
import { filesOfType, isUploading, uploadQueueReducer, type UploadItem } from '@/lib/media/uploads/upload-queue';

export interface UseUploadQueueOptions<T> {
  /** Sends one file; reports progress 0..1; throws on refusal. */
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<T>;
  /** The message shown under a refused file. */
  describeError: (error: unknown, file: File) => Promise<string> | string;
  /** After each stored file (the screen refetches its list). */
  onUploaded?: (record: T, file: File) => void;
  /** Once every file of one pick/drop has finished. */
  onBatchDone?: (result: { succeeded: number; failed: number }) => void;
  /** Files sent at the same time (default 2). */
  concurrency?: number;
  /** Finished (successful) rows leave the list this long after their batch ends (default 4 s). */
  clearDoneAfterMs?: number;
  /** For offer(): the accepted MIME prefix ('image/', 'video/') and the message under a file of another type. */
  accept?: { prefix: string; refusal: (file: File) => string };
}

/** Sending again may mend it: no answer, or the server's own trouble (not a refusal of the file). */
const mendable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === null || error.status >= 500 || error.status === 408 || error.status === 429;

let seq = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${(seq += 1)}`;

/**
 * A per-file upload list for the audio, photo and video screens: each file gets a row with its progress,
 * and a refused one keeps its message until dismissed. Uploads stop when the screen unmounts.
 */
export function useUploadQueue<T>(options: UseUploadQueueOptions<T>) {
  const [items, dispatch] = useReducer(uploadQueueReducer, [] as UploadItem[]);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const abortRef = useRef<AbortController | null>(null);
  const mountedRef = useRef(true);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const running = useRef(0);
  /** The files of rows that offer «Повторить», by row. */
  const retryFiles = useRef(new Map<string, File>());

  useEffect(() => {
    mountedRef.current = true;
    abortRef.current = new AbortController();
    const pending = timers.current;
    return () => {
      mountedRef.current = false;
      abortRef.current?.abort();
      pending.forEach(clearTimeout);
    };
  }, []);

  // Leaving the page would cut the uploads off: let the browser ask first.
  const busy = isUploading(items);
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const add = useCallback((files: readonly File[]) => {
    if (files.length === 0) return;
    const entries = files.map((file) => ({ id: nextId(), file }));
    dispatch({ type: 'ADD', items: entries.map((e) => ({ id: e.id, name: e.file.name, size: e.file.size })) });
    running.current += 1;

    void (async () => {
      const { concurrency = 2 } = optionsRef.current;
      let succeeded = 0;
      let failed = 0;
      let next = 0;
      const worker = async () => {
        while (next < entries.length) {
          const entry = entries[next++]!;
          const signal = abortRef.current?.signal ?? new AbortController().signal;
          if (signal.aborted) return;
          dispatch({ type: 'START', id: entry.id });
          try {
            const record = await optionsRef.current.upload(
              entry.file,
              (p) => dispatch({ type: 'PROGRESS', id: entry.id, progress: p }),
              signal,
            );
            succeeded += 1;
            dispatch({ type: 'DONE', id: entry.id });
            if (mountedRef.current) optionsRef.current.onUploaded?.(record, entry.file);
          } catch (error) {
            failed += 1;
            if (signal.aborted) return;
            const message = await optionsRef.current.describeError(error, entry.file);
            const kept = duplicateOf(error);
            const retryable = !kept && mendable(error);
            if (retryable) retryFiles.current.set(entry.id, entry.file);
            dispatch({ type: 'FAILED', id: entry.id, error: message, kept: kept && { kind: kept.kind, id: kept.id }, retryable });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, entries.length)) }, worker));
      running.current -= 1;
      if (!mountedRef.current) return;
      optionsRef.current.onBatchDone?.({ succeeded, failed });
      timers.current.push(
        setTimeout(() => {
          if (running.current === 0) dispatch({ type: 'CLEAR_FINISHED' });
        }, optionsRef.current.clearDoneAfterMs ?? 4_000),
      );
    })();
  }, []);

  /** A file refused before sending (wrong type on a drop): a failed row with its message. */
  const reject = useCallback((file: File, message: string) => {
    const id = nextId();
    dispatch({ type: 'ADD', items: [{ id, name: file.name, size: file.size }] });
    dispatch({ type: 'FAILED', id, error: message });
  }, []);

  const dismiss = useCallback((id: string) => {
    retryFiles.current.delete(id);
    dispatch({ type: 'DISMISS', id });
  }, []);

  /** «Повторить» on a failed row: the row goes, and its file is sent again as a new one. */
  const retry = useCallback(
    (id: string) => {
      const file = retryFiles.current.get(id);
      if (!file) return;
      dismiss(id);
      add([file]);
    },
    [add, dismiss],
  );

  /** Files chosen or dropped: those of another type get a refused row (per `accept`), the rest are sent. */
  const offer = useCallback(
    (files: readonly File[]) => {
      const accept = optionsRef.current.accept;
      if (!accept) {
        add(files);
        return;
      }
      const { accepted, rejected } = filesOfType(files, accept.prefix);
      rejected.forEach((f) => reject(f, accept.refusal(f)));
      add(accepted);
    },
    [add, reject],
  );

  return { items, add, reject, offer, dismiss, retry, uploading: busy };
}
