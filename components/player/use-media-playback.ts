'use client';

import { useCallback, useEffect, useState } from 'react';
import { playbackCoordinator } from '@/lib/media/playback/playback-coordinator';
import { skipTarget } from '@/lib/media/playback/playback-keys';
import { remembersPosition } from '@/lib/media/playback/playback-position';
import { applyPlaybackSpeed, DEFAULT_PLAYBACK_SPEED, type PlaybackSpeed } from '@/lib/media/playback/playback-speed';
import { usePlaybackPositions } from './use-playback-positions';

export interface MediaPlaybackOptions {
  /** The record whose position is remembered; none → nothing is remembered. */
  recordId?: number;
  /** Seconds, from the server: only recordings over two minutes have their position remembered. */
  duration?: number | null;
}

/** A position is written again once playback has moved this many seconds from the last one written. */
const WRITE_EVERY_S = 1;

/**
 * What a recording's player does with its media element, whichever way it is shown (waveform or
 * native controls): plays at the chosen speed with the pitch kept, skips, pauses whatever else was
 * playing when it starts, and — for a recording over two minutes — goes on from where it was left.
 */
export function useMediaPlayback(media: HTMLMediaElement | null, { recordId, duration }: MediaPlaybackOptions = {}) {
  const [speed, setSpeed] = useState<PlaybackSpeed>(DEFAULT_PLAYBACK_SPEED);
  const positions = usePlaybackPositions();

  useEffect(() => {
    if (media) applyPlaybackSpeed(media, speed);
  }, [media, speed]);

  // Only one recording plays at a time.
  useEffect(() => {
    if (!media) return;
    const claim = () => playbackCoordinator.claim(media);
    media.addEventListener('play', claim);
    if (!media.paused) claim();
    return () => {
      media.removeEventListener('play', claim);
      playbackCoordinator.release(media);
    };
  }, [media]);

  // The position of a long recording: restored once the media knows its length, then written as it moves.
  useEffect(() => {
    if (!media || !positions || recordId === undefined || !remembersPosition(duration)) return;
    const saved = positions.read(recordId, duration);
    // Nothing is written before the saved position is back, so the start of loading never overwrites it.
    let restored = saved === null;
    let lastWritten = saved ?? 0;
    const restore = () => {
      if (restored) return;
      restored = true;
      if (saved !== null) media.currentTime = saved;
    };
    const write = () => {
      // An element that was emptied (its player torn down) reads 0: that is not where the listener stopped.
      if (!restored || media.readyState < HTMLMediaElement.HAVE_METADATA) return;
      lastWritten = media.currentTime;
      positions.write(recordId, media.currentTime, duration);
    };
    const onTimeUpdate = () => {
      if (Math.abs(media.currentTime - lastWritten) >= WRITE_EVERY_S) write();
    };
    const onEnded = () => positions.forget(recordId);

    // One signal takes every listener off again.
    const listening = new AbortController();
    const on = { signal: listening.signal };
    if (media.readyState >= HTMLMediaElement.HAVE_METADATA) restore();
    else media.addEventListener('loadedmetadata', restore, on);
    media.addEventListener('timeupdate', onTimeUpdate, on);
    media.addEventListener('seeked', write, on);
    media.addEventListener('pause', write, on);
    media.addEventListener('ended', onEnded, on);
    window.addEventListener('pagehide', write, on);
    // Nothing is written on the way out: the player also goes away when its record is deleted, and a
    // deleted record's position must stay forgotten (playing writes every second, pausing at once).
    return () => listening.abort();
  }, [media, positions, recordId, duration]);

  /** Moves `seconds` back (negative) or forward, within the recording; says where it landed (null without media). */
  const skip = useCallback(
    (seconds: number): number | null => {
      if (!media) return null;
      const length = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : duration;
      const to = skipTarget(media.currentTime, seconds, length);
      media.currentTime = to;
      return to;
    },
    [media, duration],
  );

  /** Goes to `seconds` from the start (the position slider's Home, End and keys), within the recording. */
  const seekTo = useCallback((seconds: number) => (media ? skip(seconds - media.currentTime) : null), [media, skip]);

  return { speed, setSpeed, skip, seekTo };
}
