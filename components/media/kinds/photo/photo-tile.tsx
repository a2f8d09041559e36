'use client';

import { memo } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { ProcessingFailed } from '@/components/media/item/processing-failed';
import { isOthers, OwnerChip } from '@/components/media/item/owner-mark';
import { SelectCheck } from '@/components/media/selection/select-check';
import { TileMenu } from '@/components/media/item/tile-menu';
import { TileStatus } from '@/components/media/item/tile-status';
import type { MediaItemProps } from '@/components/media/item/item-props';
import { useSelectableItem } from '@/components/media/selection/use-selectable-item';
import type { PhotoRecord } from '@/lib/api/photos';

export const PHOTO_FAILED = 'Не удалось обработать изображение';

export const photoAlt = (photo: Pick<PhotoRecord, 'title'>) => photo.title.trim() || 'Фотография';

/**
 * One photo of the gallery: its thumbnail, processing and failure marks; opens the viewer. No caption: the
 * picture is what is recognised (the title and the file are in the viewer's «Сведения»), as in Immich and Google
 * Photos. The tile fills the box its host gives it (a justified row) or, in a grid, is square. `actions`: a «⋯»
 * menu in its corner, shown while the tile is pointed at or focused (a small disc always on a touch screen).
 * Where the screen selects, a check mark in the corner (and a click, while selecting) selects it; a selected
 * photo draws in from its edges on the accent.
 */
export const PhotoTile = memo(function PhotoTile({
  record: photo,
  onOpen,
  actions,
  onSelect,
  selected = false,
  selecting = false,
}: MediaItemProps<'photo'>) {
  const src = photo.thumbnail ?? photo.preview ?? photo.file;
  // Another account's photo (a partner's, a shared album's) is only looked at: not starred, selected or changed here.
  const others = isOthers(photo);
  const select = others ? undefined : onSelect;
  const press = useSelectableItem(photo.id, { selecting, onSelect: select }, () => onOpen(photo));
  return (
    <div className="group/select relative h-full" data-selected={selected ? 'true' : undefined}>
      <button
        type="button"
        {...press}
        data-photo-id={photo.id}
        data-item-id={photo.id}
        data-testid="photo-tile"
        data-status={photo.status}
        data-owner={photo.owner ? photo.owner.id : undefined}
        className={`group relative block aspect-square h-full w-full overflow-hidden rounded-sm focus-visible:outline-offset-2 ${selected ? 'bg-accent-soft' : 'bg-surface-3'}`}
      >
        {src ? (
          <img
            src={src}
            alt={photoAlt(photo)}
            loading="lazy"
            decoding="async"
            draggable={false}
            className={`h-full w-full object-cover transition-transform duration-200 ${selected ? 'scale-[0.86] rounded-md' : 'group-hover:scale-[1.03]'}`}
          />
        ) : (
          <span className="flex h-full w-full items-center justify-center text-sm text-fg-muted">{photoAlt(photo)}</span>
        )}
        <TileStatus record={photo} failed={PHOTO_FAILED} shade="bg-slate-900/60" testId="photo-processing" />
      </button>
      {others ? (
        <OwnerChip record={photo} className="absolute right-1.5 top-1.5" />
      ) : (
        <>
          <FavoriteButton
            name={photoAlt(photo)}
            kind="photo"
            id={photo.id}
            favorite={photo.is_favorite}
            onTile
            className="absolute right-0 top-0"
          />
          <SelectCheck
            id={photo.id}
            name={photoAlt(photo)}
            selected={selected}
            selecting={selecting}
            onSelect={onSelect}
            className="absolute left-0 top-0"
          />
        </>
      )}
      {actions?.length ? <TileMenu label={`Действия: ${photoAlt(photo)}`} entries={actions} className="absolute left-0 top-0" /> : null}
      {photo.status === 'failed' ? (
        <div className="pt-1">
          <ProcessingFailed kind="photo" id={photo.id} name={photoAlt(photo)} />
        </div>
      ) : null}
    </div>
  );
});
