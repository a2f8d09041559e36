/**
 * Where each long recording was left, so it goes on from there next time. Only recordings longer
 * than two minutes are remembered; a recording played to its end (or left in its first or last
 * second) is forgotten. Positions live in localStorage under a key per user and record, so two
 * people sharing a browser never continue each other's recordings.
 */

/** Recordings longer than this many seconds have their position remembered. */
export const REMEMBER_POSITION_OVER_S = 120;

/** Within this many seconds of either end a position is "the start" or "the end": nothing to remember. */
const EDGE_S = 1;

export type PositionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function playbackPositionKey(userId: number, recordId: number): string {
  return `kopilka.playbackPosition.${userId}.audio.${recordId}`;
}

/** Whether a recording of `duration` seconds (the server's figure) has its position remembered. */
export function remembersPosition(duration: number | null | undefined): duration is number {
  return typeof duration === 'number' && Number.isFinite(duration) && duration > REMEMBER_POSITION_OVER_S;
}

/** A position worth keeping for a recording of `duration` seconds, or null (the start, the end, nonsense). */
export function positionToKeep(seconds: number, duration: number): number | null {
  if (!Number.isFinite(seconds) || seconds < EDGE_S || seconds >= duration - EDGE_S) return null;
  return Math.round(seconds * 10) / 10;
}

export interface PlaybackPositionStore {
  /** The remembered position of a recording of `duration` seconds, or null to start from the beginning. */
  read(recordId: number, duration: number | null | undefined): number | null;
  /** Remembers `seconds`, or forgets the record when that position is not worth keeping. */
  write(recordId: number, seconds: number, duration: number | null | undefined): void;
  /** Forgets the record's position (played to the end, or the record was deleted). */
  forget(recordId: number): void;
}

/** The position store of one user over `storage` (a full or blocked storage is never an error). */
export function createPlaybackPositionStore(storage: PositionStorage, userId: number): PlaybackPositionStore {
  // Quota exceeded or storage disabled: playback goes on, the position just is not kept.
  const attempt = <T>(run: () => T): T | null => {
    try {
      return run();
    } catch {
      return null;
    }
  };
  const forget = (recordId: number) => attempt(() => storage.removeItem(playbackPositionKey(userId, recordId)));

  return {
    read(recordId, duration) {
      if (!remembersPosition(duration)) return null;
      const raw = attempt(() => storage.getItem(playbackPositionKey(userId, recordId)));
      return raw === null ? null : positionToKeep(Number(raw), duration);
    },
    write(recordId, seconds, duration) {
      const keep = remembersPosition(duration) ? positionToKeep(seconds, duration) : null;
      if (keep === null) forget(recordId);
      else attempt(() => storage.setItem(playbackPositionKey(userId, recordId), String(keep)));
    },
    forget,
  };
}

/** The browser's localStorage, or null where there is none (the static build) or it is blocked. */
export function browserPositionStorage(): PositionStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}
