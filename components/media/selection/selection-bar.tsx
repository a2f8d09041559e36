'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CloseButton } from '@/components/ui/close-button';
import { useItemOffers } from '@/components/media/item/item-offers';
import { UNDO } from '@/components/media/item/use-media-item-actions';
import { useSelectionTrash } from '@/components/media/selection/use-selection-actions';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useExportDownload } from '@/hooks/use-storage-space';
import type { MediaKind } from '@/contract/media';
import { EXPORT_ITEMS_MAX, EXPORT_MESSAGES } from '@/contract/media';
import { exportError, mediaRestoreError } from '@/lib/media-errors';
import { countItems } from '@/lib/media/kinds';
import { lazily } from '@/lib/lazily';

const numbers = lazily(() => new Intl.NumberFormat('ru-RU'));

/** The bar's words (the issue's «Выбрано: 3»; the snackbar's «Перемещено в корзину: 3» and its «Отменить»). */
export const SELECTION_WORDS = {
  selected: (n: number) => `Выбрано: ${numbers().format(n)}`,
  download: 'Скачать',
  trash: 'В корзину',
  leave: 'Отменить выбор',
  zipStarted: 'Архив начал скачиваться',
  trashed: (n: number) => `Перемещено в корзину: ${numbers().format(n)}`,
  restored: (n: number) => `Восстановлено: ${numbers().format(n)}`,
  notTrashed: (text: string) => `Не удалось переместить в корзину: ${text}`,
} as const;

export interface SelectionBarProps {
  kind: MediaKind;
  /** The selected ids, in the order shown. */
  ids: readonly number[];
  /** Leaves the selection («Отменить выбор»; after «В корзину»). */
  onClear: () => void;
  /** Where the focus goes when the bar goes away under it (the screen's heading). */
  focusHome: () => void;
}

/**
 * What stands in the toolbar's place while something is selected (Immich's selection bar): «Отменить выбор»,
 * «Выбрано: 3», and the actions on every selected item — «Скачать» (one ZIP of their originals, through the
 * export's session-bound link), «В альбом» (the album chooser, adding them all) and «В корзину» (each to the
 * trash; one snackbar, kept 20 s, whose «Отменить» brings them all back). The focus stays on the button
 * pressed while the bar stays, and goes to the screen's heading when the bar goes.
 */
export function SelectionBar({ kind, ids, onClear, focusHome }: SelectionBarProps) {
  const exportZip = useExportDownload();
  const { trash, restore } = useSelectionTrash(kind);
  const { showSuccess, showError } = useSnackbar();
  const { toAlbum } = useItemOffers();
  const [choosingAlbum, setChoosingAlbum] = useState(false);
  const [trashing, setTrashing] = useState(false);
  const busy = useRef(false);
  const items = ids.map((id) => ({ kind, id }));

  const download = async () => {
    if (exportZip.isPending) return;
    if (ids.length > EXPORT_ITEMS_MAX) {
      showError(EXPORT_MESSAGES.tooManyItems);
      return;
    }
    try {
      await exportZip.mutateAsync(items);
      showSuccess(SELECTION_WORDS.zipStarted);
    } catch (error) {
      showError(exportError(error));
    }
  };

  const undo = async (moved: number[]) => {
    const back = await restore(moved);
    if (back.done.length) showSuccess(SELECTION_WORDS.restored(back.done.length));
    if (back.failed) showError(mediaRestoreError(back.error));
    focusHome();
  };

  const toTrash = async () => {
    if (busy.current) return;
    busy.current = true;
    setTrashing(true);
    try {
      const { done, failed } = await trash(ids);
      onClear();
      focusHome();
      if (done.length) showSuccess(SELECTION_WORDS.trashed(done.length), { label: UNDO, onAction: () => void undo(done) });
      if (failed) showError(SELECTION_WORDS.notTrashed(countItems(kind, failed)));
    } finally {
      busy.current = false;
      setTrashing(false);
    }
  };

  return (
    <div
      role="toolbar"
      aria-label="Действия с выбранными"
      data-testid="selection-bar"
      className="sticky top-16 z-20 -mx-2 flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface px-2 py-2 shadow-float"
    >
      <CloseButton label={SELECTION_WORDS.leave} onClick={onClear} />
      {/* Said by the screen's own live line (SelectionStatus), there before the first selection: this one came with it. */}
      <p className="mr-auto text-base font-semibold text-fg" data-testid="selection-count">
        {SELECTION_WORDS.selected(ids.length)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-busy={exportZip.isPending || undefined} onClick={() => void download()}>
          {SELECTION_WORDS.download}
        </Button>
        {toAlbum ? (
          <Button variant="secondary" onClick={() => setChoosingAlbum(true)}>
            {toAlbum.label}
          </Button>
        ) : null}
        <Button variant="secondary" aria-busy={trashing || undefined} onClick={() => void toTrash()}>
          {SELECTION_WORDS.trash}
        </Button>
      </div>
      {choosingAlbum && toAlbum ? (
        <toAlbum.Dialog items={items} name={countItems(kind, ids.length)} onClose={() => setChoosingAlbum(false)} />
      ) : null}
    </div>
  );
}

/**
 * «Выбрано: 2», said each time the selection changes, the first time included: a live line that stands on the screen
 * whether anything is selected or not (the bar, which shows the count, comes with the first selection, and a region
 * that appears with its text is not heard). Leaving the selection says nothing.
 */
export function SelectionStatus({ count }: { count: number }) {
  return (
    <p role="status" className="sr-only" data-testid="selection-status">
      {count > 0 ? SELECTION_WORDS.selected(count) : ''}
    </p>
  );
}
