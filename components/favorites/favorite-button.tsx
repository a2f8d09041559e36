'use client';

import { IconButton, type IconButtonProps } from '@/components/ui/icon-button';
import type { MediaKind } from '@/contract/media';
import { useToggleFavorite } from './use-toggle-favorite';

/** The star's spoken name; `aria-pressed` says whether the item is starred. */
export const FAVORITE_LABEL = 'В избранное';

/** The five-pointed star, outlined or filled. */
export function StarIcon({ filled, className = 'h-5 w-5' }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="m12 3.5 2.6 5.3 5.9.9-4.25 4.1 1 5.85L12 16.9l-5.25 2.75 1-5.85L3.5 9.7l5.9-.9z" />
    </svg>
  );
}

/** The star's spoken name on an item: «В избранное: Шум прибоя», so a list of stars says whose each is. */
export const favoriteLabel = (name?: string) => (name ? `${FAVORITE_LABEL}: ${name}` : FAVORITE_LABEL);

/**
 * How a star on a tile shows (inside a `group/select`, as the tile's check mark): a small disc in the tile's
 * corner, always on a starred item; on another only while the tile is pointed at or holds the focus, and not on
 * a touch screen, where the viewer stars (Immich and Google Photos mark only the starred). The button keeps its
 * 40 px (44 px on touch) to hit.
 */
const ON_TILE = {
  starred: 'opacity-100',
  other:
    'opacity-0 transition-opacity duration-150 group-hover/select:opacity-100 group-focus-within/select:opacity-100 focus-visible:opacity-100 pointer-coarse:invisible',
};

/**
 * A star on an item (a row, a tile, the viewer): toggles `is_favorite`, the list following at once. `name`: the
 * item's title, said with the star where many stand side by side (a list, a grid). `onTile`: drawn over a
 * picture in a grid (ON_TILE).
 */
export function FavoriteButton({
  kind,
  id,
  name,
  favorite,
  tone = 'neutral',
  round = false,
  onTile = false,
  className = '',
}: {
  kind: MediaKind;
  id: number;
  name?: string;
  favorite: boolean;
  tone?: IconButtonProps['tone'];
  round?: boolean;
  onTile?: boolean;
  className?: string;
}) {
  const toggle = useToggleFavorite(kind);
  const media = tone === 'media' || onTile;
  // Over the media tone's white, which would otherwise win (both set `color`; the stylesheet's order decides).
  const color = favorite ? (media ? 'text-amber-300!' : 'text-amber-500 dark:text-amber-300') : '';
  return (
    <IconButton
      label={favoriteLabel(name)}
      title={favorite ? 'Убрать из избранного' : 'Добавить в избранное'}
      aria-pressed={favorite}
      tone={onTile ? 'media' : tone}
      round={round || onTile}
      data-testid="favorite-button"
      className={`${color} ${onTile ? `hover:bg-transparent ${favorite ? ON_TILE.starred : ON_TILE.other}` : ''} ${className}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle.mutate({ id, favorite: !favorite });
      }}
    >
      {onTile ? (
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-slate-900/45" aria-hidden="true">
          <StarIcon filled={favorite} className="h-4 w-4" />
        </span>
      ) : (
        <StarIcon filled={favorite} />
      )}
    </IconButton>
  );
}
