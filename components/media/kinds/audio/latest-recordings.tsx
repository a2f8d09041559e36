'use client';

import { useEffect, useRef, useState } from 'react';
import { PlayPauseIcon } from '@/components/ui/play-pause-icon';
import type { AudioRecord } from '@/lib/api/audio';
import { playbackCoordinator } from '@/lib/media/playback/playback-coordinator';
import { formatDuration } from '@/lib/media/playback/format-duration';
import { shortDate } from '@/lib/dates';

/**
 * The latest recordings, each played where it is: one audio element for the card, a round play button per row
 * and a thin progress line under the one playing. Starting one pauses whatever else plays on the page.
 */
export function LatestRecordings({ records, label = 'Последние аудиозаписи' }: { records: readonly AudioRecord[]; label?: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<number | null>(null);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const el = audio.current;
    return () => {
      if (el) playbackCoordinator.release(el);
    };
  }, []);

  const toggle = (record: AudioRecord) => {
    const el = audio.current;
    if (!el || !record.audio_file) return;
    if (loadedId === record.id && !el.paused) {
      el.pause();
      return;
    }
    if (loadedId !== record.id) {
      el.src = record.audio_file;
      setLoadedId(record.id);
      setProgress(0);
    }
    playbackCoordinator.claim(el);
    void el.play().catch(() => setPlayingId(null));
  };

  return (
    <>
      <ul className="flex flex-col" aria-label={label}>
        {records.map((r) => {
          const playing = playingId === r.id;
          const playable = r.status === 'ready' && !!r.audio_file;
          return (
            <li
              key={r.id}
              className="relative flex items-center gap-3 border-b border-line py-2.5 last:border-b-0"
              data-testid="home-recording"
            >
              <button
                type="button"
                onClick={() => toggle(r)}
                disabled={!playable}
                aria-label={`${playing ? 'Пауза' : 'Воспроизвести'}: ${r.title}`}
                title={playing ? 'Пауза' : 'Воспроизвести'}
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-text hover:bg-accent hover:text-accent-fg disabled:bg-surface-3 disabled:text-fg-subtle touch:h-11 touch:w-11"
              >
                <PlayPauseIcon playing={playing} className="h-4 w-4" />
              </button>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{r.title}</p>
                <p className="text-xs text-fg-muted">
                  <time dateTime={r.created_at}>{shortDate(r.created_at)}</time>
                  {formatDuration(r.duration) ? ` · ${formatDuration(r.duration)}` : ''}
                  {r.status === 'processing' ? ' · обрабатывается' : ''}
                </p>
              </div>
              {loadedId === r.id ? (
                <span
                  className="absolute inset-x-0 bottom-0 h-0.5 origin-left bg-accent"
                  style={{ transform: `scaleX(${progress})` }}
                  aria-hidden="true"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <audio
        ref={audio}
        preload="none"
        className="hidden"
        data-testid="home-audio"
        onPlay={() => setPlayingId(loadedId)}
        onPause={() => setPlayingId(null)}
        onEnded={() => {
          setPlayingId(null);
          setProgress(0);
        }}
        onTimeUpdate={(e) => {
          const el = e.currentTarget;
          setProgress(el.duration > 0 ? el.currentTime / el.duration : 0);
        }}
      />
    </>
  );
}
