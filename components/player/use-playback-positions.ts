'use client';

import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { userAtom } from '@/lib/auth/atoms';
import { browserPositionStorage, createPlaybackPositionStore, type PlaybackPositionStore } from '@/lib/media/playback/playback-position';

/** The signed-in user's remembered playback positions; null with no user or no storage. */
export function usePlaybackPositions(): PlaybackPositionStore | null {
  const userId = useAtomValue(userAtom)?.id;
  return useMemo(() => {
    const storage = browserPositionStorage();
    return userId === undefined || !storage ? null : createPlaybackPositionStore(storage, userId);
  }, [userId]);
}
