/**
 * The per-file upload list of the audio, photo and video screens, as a pure reducer: each chosen file is an
 * item that goes queued → uploading (progress 0..1) → done | failed (with the message shown).
 */

import type { MediaKind } from '@/contract/media';
import { KIND_PATHS } from '@/lib/media/kind-paths';

/** `kept`: refused because its owner keeps the same bytes already (not an error: the row links to that record). */
export type UploadItemStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'kept';

/** The record that already keeps a refused file. */
export interface KeptRecord {
  kind: MediaKind;
  id: number;
}

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  status: UploadItemStatus;
  /** 0..1 */
  progress: number;
  error: string | null;
  /** A file refused because its owner already keeps it: the record that has it (the row links to it). */
  kept: KeptRecord | null;
  /** A failure that sending again may mend (no connection, the server's own trouble): the row offers «Повторить». */
  retryable: boolean;
}

export type UploadQueueEvent =
  | { type: 'ADD'; items: { id: string; name: string; size: number }[] }
  | { type: 'START'; id: string }
  | { type: 'PROGRESS'; id: string; progress: number }
  | { type: 'DONE'; id: string }
  | { type: 'FAILED'; id: string; error: string; kept?: KeptRecord | null; retryable?: boolean }
  | { type: 'DISMISS'; id: string }
  | { type: 'CLEAR_FINISHED' };

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

export function uploadQueueReducer(items: UploadItem[], event: UploadQueueEvent): UploadItem[] {
  const update = (id: string, change: (i: UploadItem) => UploadItem) => {
    let changed = false;
    const next = items.map((i) => {
      if (i.id !== id) return i;
      const c = change(i);
      if (c !== i) changed = true;
      return c;
    });
    return changed ? next : items;
  };
  switch (event.type) {
    case 'ADD':
      if (event.items.length === 0) return items;
      return [
        ...items,
        ...event.items.map((i) => ({ ...i, status: 'queued' as const, progress: 0, error: null, kept: null, retryable: false })),
      ];
    case 'START':
      return update(event.id, (i) => (i.status === 'queued' ? { ...i, status: 'uploading', progress: 0 } : i));
    case 'PROGRESS':
      return update(event.id, (i) => {
        if (i.status !== 'uploading') return i;
        const p = clamp01(event.progress);
        // Progress only moves forward (a retried request after a token refresh starts from 0 again).
        return p > i.progress ? { ...i, progress: p } : i;
      });
    case 'DONE':
      return update(event.id, (i) => (i.status === 'uploading' ? { ...i, status: 'done', progress: 1 } : i));
    case 'FAILED':
      return update(event.id, (i) =>
        i.status === 'uploading' || i.status === 'queued'
          ? event.kept
            ? { ...i, status: 'kept', error: event.error, kept: event.kept, retryable: false }
            : { ...i, status: 'failed', error: event.error, kept: null, retryable: event.retryable ?? false }
          : i,
      );
    case 'DISMISS':
      return items.some((i) => i.id === event.id && i.status !== 'uploading') ? items.filter((i) => i.id !== event.id) : items;
    case 'CLEAR_FINISHED':
      return items.some((i) => i.status === 'done') ? items.filter((i) => i.status !== 'done') : items;
    default:
      return items;
  }
}

/** True while some file is still waiting or being sent. */
export function isUploading(items: readonly UploadItem[]): boolean {
  return items.some((i) => i.status === 'queued' || i.status === 'uploading');
}

/** Title for an uploaded file: its name without the extension, trimmed to the server's 255 characters. */
export function titleFromFileName(name: string): string {
  const base = name
    .trim()
    .replace(/\.[^./\\\s]{1,10}$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [...base].slice(0, 255).join('');
}

/**
 * Splits dropped files by type prefix ('image/', 'video/') — a drop bypasses the input's accept.
 * Files the browser could not type (empty type) go through: the server checks the bytes anyway.
 */
export function filesOfType(files: Iterable<File>, prefix: string): { accepted: File[]; rejected: File[] } {
  const accepted: File[] = [];
  const rejected: File[] = [];
  for (const f of files) (!f.type || f.type.startsWith(prefix) ? accepted : rejected).push(f);
  return { accepted, rejected };
}

/** Where a kept record is shown: its screen, which opens (or scrolls to) the record the link names. */
export function keptRecordHref({ kind, id }: KeptRecord): string {
  return `${KIND_PATHS[kind].href}?id=${id}`;
}
