'use client';

import { useCallback, useEffect } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { AddToAlbumButton } from '@/components/albums/add-to-album';
import { ShareButton } from '@/components/shares/share-button';
import { ConfirmMediaDelete, MediaItemActions } from '@/components/media/media-item-actions';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MediaViewerProps } from '@/components/media/item-props';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { formatDateTime, viewerTimeZone, wallClockOf } from '@/lib/media/media-dates';
import { stepIndex, viewerCounter } from '@/lib/media/lists/viewer-index';
import { PHOTO_FAILED, PHOTO_PROCESSING, photoAlt } from './photo-tile';

const { text, detailsSchema } = MEDIA_KINDS.photo;

const FORM_ID = 'photo-details-form';
const dateFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string | null | undefined) => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? dateFormat.format(d) : null;
};

/** Keys typed into the form fields move the caret, not the photo. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function Arrow({ dir }: { dir: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {dir === 'left' ? <path d="M15 18l-6-6 6-6" /> : <path d="M9 18l6-6-6-6" />}
    </svg>
  );
}

/**
 * The wide viewer: the preview image, previous/next (buttons and ←/→, going round at the ends),
 * 'N из M', title and description (title optional), download of the original and deletion.
 */
export function PhotoViewerDialog({ items: photos, id, onMove, onClose, extraActions }: MediaViewerProps<'photo'>) {
  const index = photos.findIndex((p) => p.id === id);
  const photo = photos[index];
  const count = photos.length;
  // After a deletion the gallery's list shrinks; the screen moves the viewer to the neighbour or closes it.
  const actions = useMediaItemActions('photo');
  const onIndexChange = useCallback(
    (to: number) => {
      const target = photos[to];
      if (target) onMove(target.id);
    },
    [photos, onMove],
  );
  const confirmDelete = actions.confirmingDelete;

  useEffect(() => {
    if (confirmDelete || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === 'ArrowLeft') {
        e.preventDefault();
        onIndexChange(stepIndex(index, -1, count));
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        onIndexChange(stepIndex(index, 1, count));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [confirmDelete, count, index, onIndexChange]);

  // Warm the cache with the neighbours' previews, so ← and → show them at once.
  useEffect(() => {
    if (count < 2) return;
    for (const i of new Set([stepIndex(index, 1, count), stepIndex(index, -1, count)])) {
      const p = photos[i];
      const url = p?.preview ?? p?.file;
      if (url) new Image().src = url;
    }
  }, [photos, index, count]);

  if (!photo) return null;
  const src = photo.preview ?? photo.file ?? photo.thumbnail;
  // When it was taken is the camera's wall clock, never moved into the viewer's zone (lib/media/media-dates.ts).
  const taken = photo.taken_at ? formatDateTime(wallClockOf(photo, viewerTimeZone())) : null;
  const uploaded = formatDate(photo.created_at);

  const navButton =
    'absolute top-1/2 -translate-y-1/2 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white';

  return (
    <>
      <Dialog
        open
        onClose={() => {
          if (!confirmDelete && !actions.busy) onClose();
        }}
        title="Просмотр фотографии"
        width={1100}
      >
        <div className="flex flex-col gap-4 lg:flex-row">
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="relative flex min-h-48 items-center justify-center overflow-hidden rounded-md bg-slate-900">
              {src ? (
                <img
                  key={photo.id}
                  src={src}
                  alt={photoAlt(photo)}
                  className="h-auto max-h-[65vh] w-auto max-w-full object-contain"
                  data-testid="photo-viewer-image"
                  width={photo.width ?? undefined}
                  height={photo.height ?? undefined}
                />
              ) : photo.status === 'failed' ? (
                <p className="px-4 py-16 text-center text-sm text-white" role="alert">
                  {photo.failure_reason ?? PHOTO_FAILED}
                </p>
              ) : photo.status === 'processing' ? (
                <p className="flex items-center gap-2 px-4 py-16 text-sm text-white">
                  <Spinner /> Фотография {PHOTO_PROCESSING}…
                </p>
              ) : null}
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    className={`${navButton} left-2`}
                    aria-label="Предыдущая фотография"
                    onClick={() => onIndexChange(stepIndex(index, -1, count))}
                  >
                    <Arrow dir="left" />
                  </button>
                  <button
                    type="button"
                    className={`${navButton} right-2`}
                    aria-label="Следующая фотография"
                    onClick={() => onIndexChange(stepIndex(index, 1, count))}
                  >
                    <Arrow dir="right" />
                  </button>
                </>
              ) : null}
            </div>
            <p className="text-center text-sm tabular-nums text-fg-muted" aria-live="polite" data-testid="photo-counter">
              {viewerCounter(index, count)}
            </p>
          </div>

          <div className="flex flex-col gap-3 lg:w-80 lg:shrink-0">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-fg-muted">
              {taken ? (
                <>
                  <dt>Снято:</dt>
                  <dd>{taken}</dd>
                </>
              ) : null}
              {uploaded ? (
                <>
                  <dt>Загружено:</dt>
                  <dd>{uploaded}</dd>
                </>
              ) : null}
              {photo.width && photo.height ? (
                <>
                  <dt>Размер:</dt>
                  <dd>
                    {photo.width} × {photo.height}
                  </dd>
                </>
              ) : null}
            </dl>
            <MediaItemActions
              key={photo.id}
              formId={FORM_ID}
              schema={detailsSchema}
              details={photo}
              saving={actions.saving}
              onSave={(values) => actions.save(photo.id, values)}
              onDelete={actions.askDelete}
              leading={
                <>
                  <FavoriteButton kind="photo" id={photo.id} favorite={photo.is_favorite} />
                  <ShareButton target={{ kind: 'photo', id: photo.id }} name={photoAlt(photo)} />
                  <AddToAlbumButton item={{ kind: 'photo', id: photo.id }} name={photoAlt(photo)} />
                  {extraActions?.(photo)}
                </>
              }
              downloads={
                <Button variant="secondary" onClick={() => void actions.startDownload(photo.id)} loading={actions.downloading}>
                  Скачать оригинал
                </Button>
              }
            />
          </div>
        </div>
      </Dialog>
      <ConfirmMediaDelete
        open={confirmDelete}
        title={text.deleteTitle}
        name={photoAlt(photo)}
        busy={actions.deleting}
        onConfirm={() => void actions.confirmDelete(photo.id)}
        onCancel={actions.cancelDelete}
      />
    </>
  );
}
