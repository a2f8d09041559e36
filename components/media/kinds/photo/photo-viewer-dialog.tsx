'use client';

import type { MediaViewerProps } from '@/components/media/item/item-props';
import { MediaViewer, viewerFacts, type ViewerKind } from '@/components/media/viewer/media-viewer';
import { Spinner } from '@/components/ui/spinner';
import type { PhotoRecord } from '@/contract/media';
import { PROCESSING } from '@/components/media/item/tile-status';
import { PHOTO_FAILED, photoAlt } from './photo-tile';

/** The picture, contained in the screen, over its thumbnail while the full size is on its way. */
function PhotoStage({ record: photo }: { record: PhotoRecord }) {
  const src = photo.preview ?? photo.file ?? photo.thumbnail;
  if (src) {
    return (
      <>
        {photo.thumbnail && photo.thumbnail !== src ? (
          <img
            src={photo.thumbnail}
            alt=""
            aria-hidden="true"
            className="absolute inset-0 h-full w-full object-contain"
            draggable={false}
          />
        ) : null}
        <img
          src={src}
          alt={photoAlt(photo)}
          className="relative h-full w-full object-contain"
          draggable={false}
          data-testid="photo-viewer-image"
          width={photo.width ?? undefined}
          height={photo.height ?? undefined}
        />
      </>
    );
  }
  if (photo.status === 'failed') {
    return (
      <p className="px-4 text-center text-sm" role="alert">
        {photo.failure_reason ?? PHOTO_FAILED}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 px-4 text-sm">
      <Spinner /> Фотография {PROCESSING}…
    </p>
  );
}

const PHOTO_VIEWER: ViewerKind<'photo'> = {
  kind: 'photo',
  label: 'Просмотр фотографии',
  previous: 'Предыдущая фотография',
  next: 'Следующая фотография',
  name: photoAlt,
  zoomable: true,
  Stage: PhotoStage,
  facts: (photo) => viewerFacts(photo),
  downloads: (_photo, start) => [{ label: 'Скачать оригинал', onSelect: () => start() }],
  preload: (photo) => photo.preview ?? photo.file,
};

/** A photo full-screen (components/media/viewer): zoom, ←/→ and swipes through the photos in view, «Сведения». */
export function PhotoViewerDialog(props: MediaViewerProps<'photo'>) {
  return <MediaViewer spec={PHOTO_VIEWER} {...props} />;
}
