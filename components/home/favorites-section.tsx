'use client';

import { useQueries } from '@tanstack/react-query';
import Link from 'next/link';
import { StarIcon } from '@/components/favorites/favorite-button';
import { favoriteQueries } from '@/lib/api/favorites';
import type { MediaKind, MediaRecord } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { KINDS } from '@/lib/media/kind-paths';
import { KIND_VIEWS } from '@/components/media/kinds/kind-views';
import { LatestTiles } from './latest-tiles';

export const FAVORITES_HEADING = 'Избранное';

/** The list's address with its «Избранное» filter on. */
export const favoritesHref = (kind: MediaKind) => `${MEDIA_KINDS[kind].href}?favorite=1`;

function KindFavorites({ kind, children }: { kind: MediaKind; children: React.ReactNode }) {
  return (
    <div className="flex flex-col" data-testid={`home-favorites-${kind}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-fg">{MEDIA_KINDS[kind].label}</h3>
        <Link href={favoritesHref(kind)} className="rounded-lg px-2 py-2 text-sm font-medium text-accent-text hover:bg-accent-soft">
          {KIND_VIEWS[kind].home.favorites.all}
        </Link>
      </div>
      {children}
    </div>
  );
}

/** A kind's latest favourites, drawn as the home's cards draw its latest items (KIND_VIEWS' `Latest`, else its tiles). */
function FavoriteItems<K extends MediaKind>({ kind, items }: { kind: K; items: readonly MediaRecord<K>[] }) {
  const { home, Latest } = KIND_VIEWS[kind];
  const latest = items.slice(0, home.favorites.latest);
  if (Latest) return <Latest records={latest} label={home.favorites.label} />;
  return <LatestTiles kind={kind} items={items} latest={latest} grid={home.grid ?? ''} label={home.favorites.label} />;
}

/**
 * «Избранное» on the signed-in home: the latest starred recordings (playing in place), photos and videos (opening
 * their viewer), each kind with a link to its list's «Избранное»; absent while loading and when nothing is starred.
 */
export function FavoritesSection() {
  const lists = useQueries({ queries: KINDS.map((kind) => favoriteQueries.list(kind)) });
  const starred = KINDS.map((kind, i) => ({ kind, items: lists[i]?.data ?? [] })).filter((list) => list.items.length);
  if (!starred.length) return null;
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
        {starred.map(({ kind, items }) => (
          <KindFavorites key={kind} kind={kind}>
            <FavoriteItems kind={kind} items={items} />
          </KindFavorites>
        ))}
      </div>
    </section>
  );
}
