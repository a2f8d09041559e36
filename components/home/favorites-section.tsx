'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { StarIcon } from '@/components/favorites/favorite-button';
import { favoriteQueries } from '@/lib/api/favorites';
import type { MediaKind } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { LatestRecordings } from '@/components/media/kinds/audio/latest-recordings';
import { LatestTiles } from './latest-tiles';

/**
 * How many of each kind's latest favourites the home shows, the link to the rest (the list's «Избранное» filter),
 * the spoken name of what is shown and, for photos and videos, the tiles' grid.
 */
const SHOWN = {
  audio: { latest: 3, all: 'Все избранные записи', label: 'Избранные аудиозаписи' },
  photo: { latest: 6, all: 'Все избранные фото', label: 'Избранные фотографии', grid: 'grid-cols-3 gap-1.5' },
  video: { latest: 2, all: 'Все избранные видео', label: 'Избранные видео', grid: 'grid-cols-2 gap-2' },
} as const satisfies Record<MediaKind, { latest: number; all: string; label: string; grid?: string }>;

export const FAVORITES_HEADING = 'Избранное';

/** The list's address with its «Избранное» filter on. */
export const favoritesHref = (kind: MediaKind) => `${MEDIA_KINDS[kind].href}?favorite=1`;

function KindFavorites({ kind, children }: { kind: MediaKind; children: React.ReactNode }) {
  return (
    <div className="flex flex-col" data-testid={`home-favorites-${kind}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-fg">{MEDIA_KINDS[kind].label}</h3>
        <Link href={favoritesHref(kind)} className="rounded-lg px-2 py-2 text-sm font-medium text-accent-text hover:bg-accent-soft">
          {SHOWN[kind].all}
        </Link>
      </div>
      {children}
    </div>
  );
}

/**
 * «Избранное» on the signed-in home: the latest starred recordings (playing in place), photos and videos (opening
 * their viewer), each kind with a link to its list's «Избранное»; absent while loading and when nothing is starred.
 */
export function FavoritesSection() {
  const audio = useQuery(favoriteQueries.list('audio'));
  const photo = useQuery(favoriteQueries.list('photo'));
  const video = useQuery(favoriteQueries.list('video'));
  const audios = audio.data ?? [];
  const tiles = { photo: photo.data ?? [], video: video.data ?? [] };
  if (!audios.length && !tiles.photo.length && !tiles.video.length) return null;
  return (
    <section
      aria-labelledby="home-favorites"
      className="rounded-xl border border-line bg-surface p-4 shadow-card"
      data-testid="home-favorites"
    >
      <h2 id="home-favorites" className="flex items-center gap-2 text-lg font-semibold text-fg">
        <StarIcon filled className="h-5 w-5 text-amber-500 dark:text-amber-300" />
        {FAVORITES_HEADING}
      </h2>
      <div className="mt-2 grid items-start gap-4 lg:grid-cols-3">
        {audios.length ? (
          <KindFavorites kind="audio">
            <LatestRecordings records={audios.slice(0, SHOWN.audio.latest)} label={SHOWN.audio.label} />
          </KindFavorites>
        ) : null}
        {(['photo', 'video'] as const).map((kind) =>
          tiles[kind].length ? (
            <KindFavorites key={kind} kind={kind}>
              <LatestTiles
                kind={kind}
                items={tiles[kind]}
                latest={tiles[kind].slice(0, SHOWN[kind].latest)}
                grid={SHOWN[kind].grid}
                label={SHOWN[kind].label}
              />
            </KindFavorites>
          ) : null,
        )}
      </div>
    </section>
  );
}
