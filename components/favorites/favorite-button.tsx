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
 * A star on an item (a row, a tile, the viewer): toggles `is_favorite`, the list following at once. `name`: the
 * item's title, said with the star where many stand side by side (a list, a grid).
 */
export function FavoriteButton({
  kind,
  id,
  name,
  favorite,
  tone = 'neutral',
  round = false,
  className = '',
}: {
  kind: MediaKind;
  id: number;
  name?: string;
  favorite: boolean;
  tone?: IconButtonProps['tone'];
  round?: boolean;
  className?: string;
}) {
  const toggle = useToggleFavorite(kind);
  const color = favorite ? (tone === 'media' ? 'text-amber-300' : 'text-amber-500 dark:text-amber-300') : '';
  return (
    <IconButton
      label={favoriteLabel(name)}
      title={favorite ? 'Убрать из избранного' : 'Добавить в избранное'}
      aria-pressed={favorite}
      tone={tone}
      round={round}
      data-testid="favorite-button"
      className={`${color} ${className}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle.mutate({ id, favorite: !favorite });
      }}
    >
      <StarIcon filled={favorite} />
    </IconButton>
  );
}
