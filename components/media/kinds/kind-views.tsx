'use client';

import type { ComponentType } from 'react';
import { AudioItem } from '@/components/media/kinds/audio/audio-item';
import { PendingRecordings } from '@/components/media/kinds/audio/pending-recordings';
import { PhotoTile } from '@/components/media/kinds/photo/photo-tile';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { VideoCard } from '@/components/media/kinds/video/video-card';
import type { MediaKind } from '@/contract/media';
import type { HeadingStyle } from '@/lib/media/media-dates';
import type { MediaItemProps, MediaViewerProps } from '@/components/media/item/item-props';

/**
 * How each kind is drawn inside the one screen shell (media-screen.tsx): the item renderer, the host's layout,
 * and the kind's viewer. Its data (words, files, rules, messages) is the registry in lib/media/kinds.ts; a new
 * kind is an entry there and one here.
 */
export interface KindView<K extends MediaKind> {
  /** The host's layout: `rows` (a list) or `tiles` (a grid). */
  layout: 'rows' | 'tiles';
  /** The grid's columns and gaps, for tiles. */
  tileGrid?: string;
  /** Day headings while sorted by date (lib/media/media-dates.ts), in the list's style; none: no headings. */
  headings?: HeadingStyle;
  /** Tiles in virtual rows (any number of them); with `timeline`, sorted newest first, read a month at a time. */
  virtual?: boolean;
  timeline?: boolean;
  /** The list's accessible name. */
  listLabel: string;
  Item: ComponentType<MediaItemProps<K>>;
  /** Opens an item full-size; without one, an item plays where it is and a link to it only brings it into view. */
  Viewer?: ComponentType<MediaViewerProps<K>>;
  /** The viewer goes from item to item (after a deletion, to the neighbour); without it, a deletion closes it. */
  browse?: boolean;
  /** What the screen shows above its list (recordings waiting to be sent, a hint). */
  Above?: ComponentType;
}

// The viewers (the dialog library, the forms and their rules) are fetched when they first open, so the list shows without them.
const PhotoViewer = lazyDialog(() => import('@/components/media/kinds/photo/photo-viewer-dialog').then((m) => m.PhotoViewerDialog));
const VideoViewer = lazyDialog(() => import('@/components/media/kinds/video/video-player-dialog').then((m) => m.VideoPlayerDialog));

function PhotoHint() {
  return <p className="-mt-3 text-sm text-fg-muted">Перетащите фотографии на страницу или нажмите «Загрузить фотографии».</p>;
}

export const KIND_VIEWS: { readonly [K in MediaKind]: KindView<K> } = {
  audio: { layout: 'rows', headings: 'recorder', listLabel: 'Аудиозаписи', Item: AudioItem, Above: PendingRecordings },
  photo: {
    layout: 'tiles',
    headings: 'timeline',
    // Full width, with hairline gaps: 3 across a phone, 5 and more on a laptop (virtual-tiles.tsx); the skeleton's grid.
    tileGrid: 'grid-cols-3 gap-1 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8',
    virtual: true,
    timeline: true,
    listLabel: 'Фотографии',
    Item: PhotoTile,
    Viewer: PhotoViewer,
    browse: true,
    Above: PhotoHint,
  },
  video: {
    layout: 'tiles',
    tileGrid: 'grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4',
    listLabel: 'Видео',
    Item: VideoCard,
    Viewer: VideoViewer,
    browse: true,
  },
};
