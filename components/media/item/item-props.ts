import type { MenuEntry } from '@/components/ui/menu';
import type { MediaKind, MediaRecord } from '@/contract/media';

/** What the screen shell hands each kind's item renderer (kind-views.tsx). */
export interface MediaItemProps<K extends MediaKind = MediaKind> {
  record: MediaRecord<K>;
  index: number;
  /** Opens the item full-size (the kind's viewer), where the kind has one. */
  onOpen: (record: MediaRecord<K>) => void;
  onEdit: (record: MediaRecord<K>) => void;
  onDelete: (record: MediaRecord<K>) => void;
  /** The item a link named: outlined, and focused when it appears. */
  highlighted: boolean;
  /** What the place showing the item adds to its «⋯» menu (an album's «Убрать из альбома», «Сделать обложкой»). */
  actions?: ReadonlyArray<MenuEntry>;
  /**
   * The screen's selection (selection/use-selection.ts): selects the item, or with `range` every item from the one
   * last clicked; none where items are not selected (an album's page).
   */
  onSelect?: (id: number, range: boolean) => void;
  /** This item is selected. */
  selected?: boolean;
  /** Something on the screen is selected: a click selects rather than opens, and every check mark shows. */
  selecting?: boolean;
  /**
   * The heading the item stands under, so its date says only the rest: a day's («Сегодня»: the time) or a month's
   * (the day and the time); none when the list has no headings (the whole date).
   */
  under?: 'day' | 'month';
}

/** What the shell hands a kind's viewer: the items in view, the one shown, a way to another and out. */
export interface MediaViewerProps<K extends MediaKind = MediaKind> {
  items: readonly MediaRecord<K>[];
  id: number;
  onMove: (id: number) => void;
  onClose: () => void;
  /** What the place showing the items adds to the viewer's «⋯» menu (an album's «Сделать обложкой», «Убрать из альбома»). */
  extraActions?: (record: MediaRecord<K>) => MenuEntry[];
}
