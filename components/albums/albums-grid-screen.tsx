'use client';

import Link from 'next/link';
import { useState } from 'react';
import { MediaScreenHeader } from '@/components/media/screen/media-screen-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAlbums } from '@/components/albums/use-albums';
import type { Album } from '@/lib/api/albums';
import { albumCount } from '@/lib/media/albums/album-runs';
import { AlbumCover } from './album-cover';
import { albumHref, ALBUMS_EMPTY, ALBUMS_LOAD_ERROR, ALBUMS_TITLE, CREATE_ALBUM } from './album-words';

const AlbumDetailsDialog = lazyDialog(() => import('./album-details-dialog').then((m) => m.AlbumDetailsDialog));

// 2 across a phone, up to 5 on a wide screen: covers large enough to recognise a trip at a glance.
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 sm:gap-4';

/** One album in the grid: its square cover, title and count; the whole card opens the album. */
function AlbumCard({ album }: { album: Album }) {
  return (
    <Link
      href={albumHref(album.id)}
      data-testid="album-card"
      data-album-id={album.id}
      className="group flex flex-col gap-2 rounded-xl outline-offset-2"
    >
      <AlbumCover
        cover={album.cover}
        className="aspect-square w-full rounded-xl border border-line transition-shadow group-hover:shadow-card"
      />
      <span className="min-w-0 px-0.5">
        <span className="block truncate text-sm font-semibold text-fg">{album.title}</span>
        <span className="block text-xs text-fg-muted" data-testid="album-count">
          {albumCount(album.item_count)}
        </span>
      </span>
    </Link>
  );
}

/** «Альбомы»: the grid of covers, newest first; «Создать альбом»; an empty state that says what to do; skeletons while loading. */
export function AlbumsGridScreen() {
  const albums = useAlbums();
  const [creating, setCreating] = useState(false);
  const list = albums.data ?? [];
  const createButton = <Button onClick={() => setCreating(true)}>{CREATE_ALBUM}</Button>;
  return (
    <div className="flex flex-col gap-5">
      <MediaScreenHeader title={ALBUMS_TITLE}>{list.length ? createButton : null}</MediaScreenHeader>
      {albums.isPending ? (
        <div role="status" aria-label="Загрузка альбомов" className={GRID} data-testid="list-skeleton">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="flex flex-col gap-2">
              <Skeleton className="aspect-square w-full rounded-xl" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          ))}
        </div>
      ) : albums.isError ? (
        <LoadFailed message={ALBUMS_LOAD_ERROR} onRetry={() => void albums.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={ALBUMS_EMPTY.title} description={ALBUMS_EMPTY.description} action={createButton} />
      ) : (
        <ul aria-label={ALBUMS_TITLE} className={GRID}>
          {list.map((album) => (
            <li key={album.id} className="min-w-0">
              <AlbumCard album={album} />
            </li>
          ))}
        </ul>
      )}
      {creating ? <AlbumDetailsDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
