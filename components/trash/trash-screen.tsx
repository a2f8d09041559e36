'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useEmptyTrash, usePurgeFromTrash, useRestoreFromTrash, useTrash } from '@/components/trash/use-trash';
import type { TrashItem } from '@/lib/api/trash';
import { errorInfo } from '@/lib/errors';
import { mediaRestoreError, trashLoadError, trashPurgeError } from '@/lib/media-errors';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { count } from '@/contract/words';

export const TRASH_TITLE = 'Корзина';
export const TRASH_EMPTY = 'Корзина пуста';
export const RESTORED = 'Восстановлено';
export const PURGED = 'Удалено навсегда';
export const EMPTIED = 'Корзина очищена';

const dateTime = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const DAY_MS = 24 * 60 * 60 * 1000;

const itemKey = (item: Pick<TrashItem, 'kind' | 'id'>) => `${item.kind}-${item.id}`;
const titleOf = (item: TrashItem) => item.title.trim() || 'Без названия';

/** «Осталось 29 дней» until the item goes for good (at least a day while it is still here). */
export const daysLeft = (purgeAt: string, now = Date.now()) => {
  const days = Math.max(1, Math.ceil((new Date(purgeAt).getTime() - now) / DAY_MS));
  return `Осталось ${count(days, ['день', 'дня', 'дней'])}`;
};

/** What the trash shows of an item, to recognise it by: a photo's thumbnail, a video's poster, a recording's icon. */
function TrashThumb({ item }: { item: TrashItem }) {
  const picture = item.kind === 'photo' ? item.thumbnail : item.kind === 'video' ? item.poster : null;
  return (
    <span
      className={`flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-md ${item.kind === 'video' ? 'bg-neutral-900' : 'bg-surface-3'}`}
      data-testid="trash-thumb"
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          loading="lazy"
          decoding="async"
          className={`h-full w-full ${item.kind === 'video' ? 'object-contain' : 'object-cover'}`}
        />
      ) : (
        <LineIcon d={KIND_NAMES[item.kind].icon} className="h-6 w-6 text-fg-muted" />
      )}
    </span>
  );
}

function TrashEntry({
  item,
  busy,
  restoring,
  onRestore,
  onPurge,
}: {
  item: TrashItem;
  busy: boolean;
  restoring: boolean;
  onRestore: () => void;
  onPurge: () => void;
}) {
  const titleId = `trash-${itemKey(item)}`;
  const left = daysLeft(item.purge_at);
  const soon = new Date(item.purge_at).getTime() - Date.now() < 3 * DAY_MS;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="trash-item">
      <TrashThumb item={item} />
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-0.5 text-sm">
        <h2 id={titleId} className="truncate text-base font-semibold text-fg" title={titleOf(item)}>
          {titleOf(item)}
        </h2>
        <p className="truncate text-fg-muted">
          <span>{KIND_NAMES[item.kind].one}</span> · удалено{' '}
          <time dateTime={item.deleted_at}>{dateTime.format(new Date(item.deleted_at))}</time>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-fg-muted" data-testid="trash-purge-at">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${soon ? 'bg-danger-soft text-danger-text' : 'bg-surface-2 text-fg'}`}
          >
            {left}
          </span>
          <span>
            Удалится навсегда <time dateTime={item.purge_at}>{date.format(new Date(item.purge_at))}</time>
          </span>
        </p>
      </div>
      <div className="ml-auto flex gap-2">
        {/* Each says which item it acts on (a list of «Восстановить» alone is a guess for a screen reader). */}
        <Button variant="secondary" aria-label={`Восстановить: ${titleOf(item)}`} loading={restoring} disabled={busy} onClick={onRestore}>
          Восстановить
        </Button>
        <Button variant="secondary" aria-label={`Удалить навсегда: ${titleOf(item)}`} disabled={busy} onClick={onPurge}>
          Удалить навсегда
        </Button>
      </div>
    </li>
  );
}

/**
 * «Корзина»: what was deleted in the last 30 days, with when each goes for good; each can be restored
 * or removed for good, or all at once («Очистить корзину»), each removal after a confirmation. When an
 * item leaves the list the focus goes to the list (or, once it is empty, to the heading), never to the
 * top of the page.
 */
export function TrashScreen() {
  const trash = useTrash();
  const restore = useRestoreFromTrash();
  const purge = usePurgeFromTrash();
  const empty = useEmptyTrash();
  const { showSuccess, showError } = useSnackbar();
  const [purging, setPurging] = useState<TrashItem | null>(null);
  const [emptying, setEmptying] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const items = trash.data ?? [];
  const busy = restore.isPending || purge.isPending || empty.isPending;

  // Once the list has re-rendered without the item and no dialog is open any more (a closing dialog
  // keeps the page inert and then puts the focus back where it was): the list while it has items,
  // else the heading.
  const [refocusRequest, setRefocusRequest] = useState(0);
  const refocus = () => setRefocusRequest((n) => n + 1);
  const dialogOpen = purging !== null || emptying;
  // The closing dialog's 200 ms leave transition keeps the page inert, and as it leaves the dialog gives the focus
  // back to the button that opened it or, that one having left with its item, to an element focused earlier
  // (Headless UI's focus history: a menu link, say). So the focus is put on the target at once, again on the
  // first frame the dialog is gone from the page, and after that whenever it is found lost, until 30 frames
  // after the dialog left (at most 5 s: on a busy page the transition can outlast 60 frames).
  // A request is carried out once: a dialog cancelled later (Esc on «Удалить навсегда?») gives the focus back to its
  // own opener, not to the list an earlier removal asked for.
  const refocused = useRef(0);
  useEffect(() => {
    if (!refocusRequest || dialogOpen || refocused.current === refocusRequest) return;
    refocused.current = refocusRequest;
    let frame = 0;
    let afterDialog = 0;
    const started = performance.now();
    const attempt = (first: boolean) => {
      const target = list.current ?? heading.current;
      if (!document.querySelector('[role="dialog"]')) afterDialog++;
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || !!active.closest('[role="dialog"]');
      if (target && active !== target && (first || afterDialog === 1 || lost)) target.focus();
      if (afterDialog < 30 && performance.now() - started < 5_000) frame = requestAnimationFrame(() => attempt(false));
    };
    frame = requestAnimationFrame(() => attempt(true));
    return () => cancelAnimationFrame(frame);
  }, [refocusRequest, dialogOpen]);

  const onRestore = async (item: TrashItem) => {
    try {
      await restore.mutateAsync(item);
      showSuccess(`${RESTORED}: «${titleOf(item)}»`);
      refocus();
    } catch (error) {
      showError(mediaRestoreError(error));
    }
  };

  const onPurge = async () => {
    if (!purging) return;
    try {
      await purge.mutateAsync(purging);
      setPurging(null);
      showSuccess(PURGED);
      refocus();
    } catch (error) {
      setPurging(null);
      showError(trashPurgeError(error, false));
    }
  };

  const onEmpty = async () => {
    try {
      await empty.mutateAsync(undefined);
      setEmptying(false);
      showSuccess(EMPTIED);
      refocus();
    } catch (error) {
      setEmptying(false);
      showError(trashPurgeError(error, true));
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-section flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight text-fg outline-none">
          {TRASH_TITLE}
        </h1>
        {items.length > 0 ? (
          <Button variant="danger" disabled={busy} onClick={() => setEmptying(true)}>
            Очистить корзину
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-fg-muted">
        Удалённые записи, фотографии и видео хранятся здесь 30 дней, затем удаляются навсегда. Пока они в корзине, они занимают место в
        хранилище.
      </p>

      {trash.isPending ? (
        <div className="flex justify-center py-10 text-accent-text">
          <Spinner className="h-6 w-6" label="Загрузка корзины…" />
        </div>
      ) : trash.isError ? (
        <LoadFailed message={trashLoadError(errorInfo(trash.error))} onRetry={() => void trash.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={TRASH_EMPTY} description="Здесь 30 дней хранится то, что вы удалили." />
      ) : (
        <ul
          ref={list}
          tabIndex={-1}
          aria-label="Удалённые записи, фотографии и видео"
          className="divide-y divide-line rounded-xl border border-line bg-surface px-3 shadow-card outline-none sm:px-4"
        >
          {items.map((item) => (
            <TrashEntry
              key={itemKey(item)}
              item={item}
              busy={busy}
              restoring={restore.isPending && restore.variables?.kind === item.kind && restore.variables.id === item.id}
              onRestore={() => void onRestore(item)}
              onPurge={() => setPurging(item)}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={purging !== null}
        title="Удалить навсегда?"
        message={
          <>
            «<span className="font-medium">{purging ? titleOf(purging) : ''}</span>» будет удалено без возможности восстановления.
          </>
        }
        confirmLabel="Удалить навсегда"
        busy={purge.isPending}
        onConfirm={() => void onPurge()}
        onCancel={() => setPurging(null)}
      />
      <ConfirmDialog
        open={emptying}
        title="Очистить корзину?"
        message={`Всё, что в корзине (${items.length}), будет удалено навсегда. Это действие нельзя отменить.`}
        confirmLabel="Очистить"
        busy={empty.isPending}
        onConfirm={() => void onEmpty()}
        onCancel={() => setEmptying(false)}
      />
    </div>
  );
}
