'use client';

import { JustifiedGrid } from '@/components/media/collection/justified-grid';
import { AudioPlayer } from '@/components/player/audio-player';
import type { SharedItem } from '@/contract/shares';
import { formatDate, viewerTimeZone, wallClockOf } from '@/lib/media/media-dates';
import { durationLabel, formatClock } from '@/lib/media/playback/format-duration';
import { sharedTitle } from './shared-words';
import type { ViewableShared } from './shared-viewer';

type Of<K extends SharedItem['kind']> = Extract<SharedItem, { kind: K }>;

/** Consecutive items of one kind, in the link's order: each run drawn as its kind is in the owner's album. */
type Run = { kind: 'photo'; items: Of<'photo'>[] } | { kind: 'video'; items: Of<'video'>[] } | { kind: 'audio'; items: Of<'audio'>[] };

function runsOf(items: readonly SharedItem[]): Run[] {
  const runs: Run[] = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (last && last.kind === item.kind) (last.items as SharedItem[]).push(item);
    else runs.push({ kind: item.kind, items: [item] } as Run);
  }
  return runs;
}

const aspectOf = (item: { width: number | null; height: number | null }) => (item.width && item.height ? item.width / item.height : 1);

/** «Скачать» on a recording's row, when the link allows it: the share-scoped MP3. */
function DownloadLink({ item }: { item: SharedItem }) {
  if (!item.download_url) return null;
  return (
    <a
      href={item.download_url}
      download
      aria-label={`Скачать: ${sharedTitle(item)}`}
      className="inline-flex h-10 shrink-0 items-center justify-center rounded-md px-3 text-sm font-medium text-accent-text hover:bg-surface-2 pointer-coarse:h-11"
    >
      Скачать
    </a>
  );
}

/**
 * A link's items as the owner's album draws them: photos in justified rows, videos as uniform 16:9 tiles with
 * their titles, recordings as rows each playing in place; a photo or a video opens the viewer (`onOpen`).
 */
export function SharedItems({ items, onOpen }: { items: readonly SharedItem[]; onOpen: (item: ViewableShared) => void }) {
  const timeZone = viewerTimeZone();
  return (
    <div className="flex flex-col gap-4" data-testid="shared-items">
      {runsOf(items).map((run) => {
        const key = `${run.kind}-${run.items[0]!.id}`;
        if (run.kind === 'photo') {
          return (
            <JustifiedGrid
              key={key}
              items={run.items}
              label="Фотографии"
              aspectOf={aspectOf}
              renderItem={(photo) => {
                const src = photo.thumbnail ?? photo.preview ?? photo.file;
                return (
                  <button
                    type="button"
                    onClick={() => onOpen(photo)}
                    aria-label={`Открыть фотографию: ${sharedTitle(photo)}`}
                    className="block h-full w-full overflow-hidden rounded-sm bg-surface-3 focus-visible:outline-offset-2"
                    data-testid="shared-item"
                  >
                    {src ? (
                      <img src={src} alt={sharedTitle(photo)} loading="lazy" decoding="async" className="h-full w-full object-cover" />
                    ) : null}
                  </button>
                );
              }}
            />
          );
        }
        if (run.kind === 'video') {
          return (
            <ul key={key} aria-label="Видео" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
              {run.items.map((video) => {
                const length = formatClock(video.duration);
                return (
                  <li key={video.id} className="flex min-w-0 flex-col gap-2" data-testid="shared-item">
                    <button
                      type="button"
                      onClick={() => onOpen(video)}
                      aria-label={`Открыть видео: ${sharedTitle(video)}`}
                      className="relative block aspect-video w-full overflow-hidden rounded-lg bg-neutral-900 focus-visible:outline-offset-2"
                    >
                      {video.poster ? <img src={video.poster} alt="" loading="lazy" className="h-full w-full object-contain" /> : null}
                      {length ? (
                        <span
                          className="absolute bottom-1.5 right-1.5 rounded bg-slate-900/85 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white"
                          aria-label={durationLabel(video.duration) ?? undefined}
                        >
                          {length}
                        </span>
                      ) : null}
                    </button>
                    <div className="min-w-0 px-0.5">
                      <h2 className="line-clamp-2 break-words text-sm font-semibold leading-5 text-fg">{sharedTitle(video)}</h2>
                      <p className="text-xs text-fg-muted">{formatDate(wallClockOf(video, timeZone))}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          );
        }
        return (
          <ul key={key} aria-label="Аудиозаписи" className="divide-y divide-line rounded-xl border border-line bg-surface">
            {run.items.map((audio) => (
              <li key={audio.id} className="flex flex-col gap-2 px-4 py-3" data-testid="shared-item">
                <div className="flex items-center justify-between gap-3">
                  <h2 className="min-w-0 break-words text-sm font-semibold text-fg">{sharedTitle(audio)}</h2>
                  <DownloadLink item={audio} />
                </div>
                {audio.audio_file ? (
                  <AudioPlayer src={audio.audio_file} peaks={audio.waveform_data} duration={audio.duration} title={sharedTitle(audio)} />
                ) : null}
              </li>
            ))}
          </ul>
        );
      })}
    </div>
  );
}
