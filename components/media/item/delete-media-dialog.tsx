'use client';

import { useRef } from 'react';
import { ConfirmMediaDelete } from '@/components/media/item/media-item-actions';
import { useMediaItemActions } from '@/components/media/item/use-media-item-actions';
import { usePlaybackPositions } from '@/components/player/use-playback-positions';
import type { MediaKind, MediaRecord } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';

/** An item's own control: a tile is its button; a recording's row is focused by its title's toggle. */
const controlOf = (item: Element | null | undefined) =>
  item?.matches('button') ? (item as HTMLElement) : (item?.querySelector<HTMLElement>('[data-row-toggle]') ?? null);

/** The item that will take `id`'s place on the page once it is gone (asked while it is still there). */
export function neighbourOf(id: number): string | undefined {
  const items = [...document.querySelectorAll<HTMLElement>('[data-item-id]')];
  const at = items.findIndex((el) => el.dataset.itemId === String(id));
  return at < 0 ? undefined : (items[at + 1] ?? items[at - 1])?.dataset.itemId;
}

/**
 * Once an item has left its list, the focus goes to the item that took its place (the one before, at the end),
 * else to the screen's heading — never to <body> (its «⋯» button went with it). Tried each frame until it holds:
 * the closing dialog keeps the page inert for its leave transition.
 */
export function focusAfterRemoval(neighbour: string | undefined) {
  let tries = 0;
  const attempt = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !active.closest('[role="dialog"]')) return;
    const target =
      (neighbour ? controlOf(document.querySelector(`[data-item-id="${neighbour}"]`)) : null) ??
      document.querySelector<HTMLElement>('main h1[tabindex="-1"]');
    target?.focus();
    if (document.activeElement !== target && ++tries < 60) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * 500 px confirmation; deletion is one DELETE (the spec's other ways only when it cannot get through), moves the
 * item to the trash (the snackbar offers «Отменить») and, for a recording, forgets its playback position.
 */
export function DeleteMediaDialog({ kind, record, onClose }: { kind: MediaKind; record: MediaRecord; onClose: () => void }) {
  const positions = usePlaybackPositions();
  const neighbour = useRef<string | undefined>(undefined);
  const actions = useMediaItemActions(kind, {
    onDeleted: () => {
      // A deleted recording leaves no remembered playback position behind (only recordings have one).
      if (kind === 'audio') positions?.forget(record.id);
      focusAfterRemoval(neighbour.current);
      onClose();
    },
  });

  return (
    <ConfirmMediaDelete
      open
      title={MEDIA_KINDS[kind].text.deleteTitle}
      name={record.title}
      busy={actions.deleting}
      onConfirm={() => {
        neighbour.current = neighbourOf(record.id);
        void actions.confirmDelete(record.id);
      }}
      onCancel={onClose}
    />
  );
}
