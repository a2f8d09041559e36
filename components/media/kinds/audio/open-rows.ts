'use client';

import { useSyncExternalStore } from 'react';

/**
 * Which recordings are open in the list (their player showing), and how far each has played. Kept outside
 * the rows: the list mounts only the rows near the viewport, and a row scrolled away and back stays as it was.
 */
const open = new Set<number>();
const progress = new Map<number, number>();
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function toggleRow(id: number, to?: boolean) {
  const next = to ?? !open.has(id);
  if (next === open.has(id)) return;
  if (next) open.add(id);
  else open.delete(id);
  notify();
}

/** The share played (0..1) of a recording, as its player reports it. */
export function setRowProgress(id: number, share: number) {
  const rounded = Math.round(Math.min(1, Math.max(0, share)) * 200) / 200;
  if (progress.get(id) === rounded) return;
  progress.set(id, rounded);
  notify();
}

/** Whether `id` is open, and how far it has played. */
export function useRowState(id: number): { open: boolean; progress: number } {
  // A primitive snapshot: a row re-renders only when its own state changes, not at every other row's tick.
  const snapshot = () => `${open.has(id) ? 1 : 0}:${progress.get(id) ?? 0}`;
  const [isOpen, share] = useSyncExternalStore(subscribe, snapshot, snapshot).split(':');
  return { open: isOpen === '1', progress: Number(share) };
}
