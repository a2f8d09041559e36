import { describe, expect, it } from 'vitest';
import {
  createPlaybackPositionStore,
  playbackPositionKey,
  positionToKeep,
  REMEMBER_POSITION_OVER_S,
  remembersPosition,
  type PositionStorage,
} from '@/lib/media/playback/playback-position';

function memoryStorage(): PositionStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('remembered playback positions', () => {
  it('remembers only recordings longer than two minutes', () => {
    expect(REMEMBER_POSITION_OVER_S).toBe(120);
    expect(remembersPosition(120)).toBe(false);
    expect(remembersPosition(120.5)).toBe(true);
    expect(remembersPosition(3600)).toBe(true);
    for (const unknown of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) expect(remembersPosition(unknown)).toBe(false);
  });

  it('keeps a position away from the first and the last second, to a tenth of a second', () => {
    expect(positionToKeep(0, 150)).toBeNull();
    expect(positionToKeep(0.9, 150)).toBeNull();
    expect(positionToKeep(31.234, 150)).toBe(31.2);
    expect(positionToKeep(149, 150)).toBeNull();
    expect(positionToKeep(150, 150)).toBeNull();
    expect(positionToKeep(Number.NaN, 150)).toBeNull();
  });

  it('writes and reads a position under a key of the user and the record', () => {
    const storage = memoryStorage();
    const store = createPlaybackPositionStore(storage, 7);
    store.write(42, 61.27, 150);
    expect(storage.data.get(playbackPositionKey(7, 42))).toBe('61.3');
    expect(store.read(42, 150)).toBe(61.3);
    expect(store.read(43, 150)).toBeNull();
  });

  it('keeps each user to their own positions', () => {
    const storage = memoryStorage();
    createPlaybackPositionStore(storage, 1).write(5, 40, 300);
    expect(createPlaybackPositionStore(storage, 2).read(5, 300)).toBeNull();
    expect(createPlaybackPositionStore(storage, 1).read(5, 300)).toBe(40);
  });

  it('does not remember a recording of two minutes or less', () => {
    const storage = memoryStorage();
    const store = createPlaybackPositionStore(storage, 1);
    store.write(5, 40, 120);
    expect(storage.data.size).toBe(0);
    storage.setItem(playbackPositionKey(1, 5), '40');
    expect(store.read(5, 120)).toBeNull();
  });

  it('forgets a recording played to the end, moved back to the start, or deleted', () => {
    const storage = memoryStorage();
    const store = createPlaybackPositionStore(storage, 1);
    store.write(5, 40, 300);
    store.write(5, 300, 300);
    expect(store.read(5, 300)).toBeNull();
    expect(storage.data.size).toBe(0);
    store.write(5, 40, 300);
    store.write(5, 0, 300);
    expect(storage.data.size).toBe(0);
    store.write(5, 40, 300);
    store.forget(5);
    expect(storage.data.size).toBe(0);
  });

  it('ignores a stored value that is not a usable position', () => {
    const storage = memoryStorage();
    const store = createPlaybackPositionStore(storage, 1);
    for (const junk of ['', 'abc', '-5', '999']) {
      storage.setItem(playbackPositionKey(1, 5), junk);
      expect(store.read(5, 300)).toBeNull();
    }
  });

  it('a full or blocked storage never breaks playback', () => {
    const broken: PositionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createPlaybackPositionStore(broken, 1);
    expect(() => store.write(5, 40, 300)).not.toThrow();
    expect(() => store.forget(5)).not.toThrow();
    expect(store.read(5, 300)).toBeNull();
  });
});
