'use client';

import type { ComponentType } from 'react';
import { AudioItem } from '@/components/media/kinds/audio/audio-item';
import { LatestRecordings } from '@/components/media/kinds/audio/latest-recordings';
import { PendingRecordings } from '@/components/media/kinds/audio/pending-recordings';
import { PhotoTile } from '@/components/media/kinds/photo/photo-tile';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { VideoCard } from '@/components/media/kinds/video/video-card';
import type { MediaKind, MediaRecord } from '@/contract/media';
import type { HeadingStyle } from '@/lib/media/media-dates';
import type { MediaItemProps, MediaViewerProps } from '@/components/media/item/item-props';

/** A few of a kind's items, each played where it is (a home card's latest, its favourites). */
export interface LatestProps<K extends MediaKind> {
  records: readonly MediaRecord<K>[];
  /** The list's spoken name. */
  label?: string;
}

/**
 * How each kind is drawn, wherever its items are: the one screen shell (screen/media-screen.tsx), an album's page,
 * the home's cards and favourites. Its data (words, files, rules, messages) is the registry in lib/media/kinds.ts,
 * its names and icon lib/media/kind-names.ts; a new kind is an entry in each (docs/architecture.md).
 */
export interface KindView<K extends MediaKind> {
  /** The host's layout: `rows` (a list) or `tiles` (a grid). */
  layout: 'rows' | 'tiles';
  /** The grid's columns and gaps, for tiles. */
  tileGrid?: string;
  /** Day headings while sorted by date (lib/media/media-dates.ts), in the list's style; none: no headings. */
  headings?: HeadingStyle;
  /** Tiles in virtual rows (any number of them); with the kind's `timeline` (kind-names.ts), read a month at a time. */
  virtual?: boolean;
  /** The list's accessible name. */
  listLabel: string;
  Item: ComponentType<MediaItemProps<K>>;
  /** Opens an item full-size; without one, an item plays where it is and a link to it only brings it into view. */
  Viewer?: ComponentType<MediaViewerProps<K>>;
  /** The viewer goes from item to item (after a deletion, to the neighbour); without it, a deletion closes it. */
  browse?: boolean;
  /** What the screen shows above its list (recordings waiting to be sent, a hint). */
  Above?: ComponentType;
  /**
   * The kind on the signed-in home: how many latest items its card shows and the link to the rest, the upload
   * button's shorter name (an uploaded kind's quick action), the tiles' grid, and its part of «Избранное» (how many,
   * the link to the list's favourites, the list's spoken name).
   */
  home: {
    latest: number;
    all: string;
    upload?: string;
    grid?: string;
    favorites: { latest: number; all: string; label: string };
  };
  /** The home's few items, played where they are; none: the kind's tiles, opening its viewer. */
  Latest?: ComponentType<LatestProps<K>>;
}

// The viewers (the dialog library, the forms and their rules) are fetched when they first open, so the list shows without them.
const PhotoViewer = lazyDialog(() => import('@/components/media/kinds/photo/photo-viewer-dialog').then((m) => m.PhotoViewerDialog));
const VideoViewer = lazyDialog(() => import('@/components/media/kinds/video/video-player-dialog').then((m) => m.VideoPlayerDialog));

function PhotoHint() {
  return <p className="-mt-3 text-sm text-fg-muted">Перетащите фотографии на страницу или нажмите «Загрузить фотографии».</p>;
}

export const KIND_VIEWS: { readonly [K in MediaKind]: KindView<K> } = {
  audio: {
    layout: 'rows',
    headings: 'recorder',
    listLabel: 'Аудиозаписи',
    Item: AudioItem,
    Above: PendingRecordings,
    home: { latest: 4, all: 'Все записи', favorites: { latest: 3, all: 'Все избранные записи', label: 'Избранные аудиозаписи' } },
    Latest: LatestRecordings,
  },
  photo: {
    layout: 'tiles',
    headings: 'timeline',
    // Where photos are a grid (an album's run, the skeleton): hairline gaps, 3 across a phone, 5 and more on a laptop.
    // The timeline itself is justified rows (collection/virtual-tiles.tsx).
    tileGrid: 'grid-cols-3 gap-1 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8',
    virtual: true,
    listLabel: 'Фотографии',
    Item: PhotoTile,
    Viewer: PhotoViewer,
    browse: true,
    Above: PhotoHint,
    home: {
      latest: 6,
      all: 'Все фото',
      // The short «Загрузить фото».
      upload: 'Загрузить фото',
      grid: 'grid-cols-3 gap-1.5',
      favorites: { latest: 6, all: 'Все избранные фото', label: 'Избранные фотографии' },
    },
  },
  video: {
    layout: 'tiles',
    tileGrid: 'grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4',
    listLabel: 'Видео',
    Item: VideoCard,
    Viewer: VideoViewer,
    browse: true,
    home: {
      latest: 2,
      all: 'Все видео',
      grid: 'grid-cols-2 gap-2',
      favorites: { latest: 2, all: 'Все избранные видео', label: 'Избранные видео' },
    },
  },
};
