'use client';

import Link from 'next/link';
import { useState } from 'react';
import { MediaScreenHeader } from '@/components/media/screen/media-screen-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Avatar } from '@/components/ui/avatar';
import { Tabs } from '@/components/ui/tabs';
import { ALBUM_ROLE_LABELS } from '@/contract/household';
import { useAlbums } from '@/components/albums/use-albums';
import type { Album } from '@/lib/api/albums';
import { albumCount } from '@/lib/media/albums/album-runs';
import { AlbumCover } from './album-cover';
import {
  albumHref,
  ALBUMS_EMPTY,
  ALBUMS_LOAD_ERROR,
  ALBUMS_TITLE,
  CREATE_ALBUM,
  MY_ALBUMS,
  SHARED_EMPTY,
  SHARED_WITH_ME,
} from './album-words';

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
          {album.owner ? ` · ${ALBUM_ROLE_LABELS[album.role]}` : null}
        </span>
        {album.owner ? (
          <span className="mt-1 flex min-w-0 items-center gap-1.5 text-xs text-fg-muted" data-testid="album-owner">
            <Avatar name={album.owner.name} photo={album.owner.photo_url} className="h-5 w-5 text-[10px]" />
            <span className="truncate">{album.owner.name}</span>
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/** A grid of albums, newest first. */
function AlbumGrid({ albums, label }: { albums: readonly Album[]; label: string }) {
  return (
    <ul aria-label={label} className={GRID}>
      {albums.map((album) => (
        <li key={album.id} className="min-w-0">
          <AlbumCard album={album} />
        </li>
      ))}
    </ul>
  );
}

/**
 * «Альбомы»: the grid of covers, newest first; «Создать альбом»; an empty state that says what to do; skeletons
 * while loading. Where someone shares albums with me, two tabs: «Мои альбомы» and «Доступно мне» (each shared
 * album with its owner's name and avatar, and my role).
 */
export function AlbumsGridScreen() {
  const albums = useAlbums();
  const [creating, setCreating] = useState(false);
  const all = albums.data ?? [];
  const list = all.filter((a) => a.owner === null);
  const shared = all.filter((a) => a.owner !== null);
  const createButton = <Button onClick={() => setCreating(true)}>{CREATE_ALBUM}</Button>;
  const mine =
    list.length === 0 ? (
      <EmptyState title={ALBUMS_EMPTY.title} description={ALBUMS_EMPTY.description} action={createButton} />
    ) : (
      <AlbumGrid albums={list} label={MY_ALBUMS} />
    );
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
      ) : (
        <Tabs
          label={ALBUMS_TITLE}
          listClassName="sm:max-w-md"
          tabs={[
            { title: MY_ALBUMS, content: mine },
            {
              title: shared.length ? `${SHARED_WITH_ME} · ${shared.length}` : SHARED_WITH_ME,
              content: shared.length ? (
                <AlbumGrid albums={shared} label={SHARED_WITH_ME} />
              ) : (
                <EmptyState title={SHARED_EMPTY.title} description={SHARED_EMPTY.description} />
              ),
            },
          ]}
        />
      )}
      {creating ? <AlbumDetailsDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
