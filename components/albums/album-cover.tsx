import { NavIcon } from '@/components/shell/nav-items';
import type { Album } from '@/lib/api/albums';

/**
 * An album's cover: the chosen (or first) photo's thumbnail or video's poster, filling its square; a recording's
 * or an empty album's is the kind's icon on the accent's soft tone. Decorative: the album's title names it.
 */
export function AlbumCover({ cover, className = '' }: { cover: Album['cover']; className?: string }) {
  return (
    <span className={`relative block overflow-hidden bg-surface-3 ${className}`} aria-hidden="true">
      {cover?.thumb_url ? (
        <img src={cover.thumb_url} alt="" loading="lazy" decoding="async" draggable={false} className="h-full w-full object-cover" />
      ) : (
        <span className="flex h-full w-full items-center justify-center bg-accent-soft text-accent-text">
          <NavIcon name={cover ? cover.kind : 'album'} className="h-1/3 w-1/3 max-h-12 max-w-12" />
        </span>
      )}
    </span>
  );
}
