'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { KIND_VIEWS } from '@/components/media/kinds/kind-views';
import { MediaCollection } from '@/components/media/collection/media-collection';
import type { MediaItemProps, MediaViewerProps } from '@/components/media/item/item-props';
import { LazyShareDialog } from '@/components/shares/lazy-share-dialog';
import { LazyMembersDialog } from '@/components/sharing/lazy-members-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { BUTTON_BASE, BUTTON_VARIANTS } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed } from '@/components/ui/load-failed';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Menu, type MenuEntry } from '@/components/ui/menu';
import { MoreIcon } from '@/components/ui/more-icon';
import { Skeleton, SkeletonTiles } from '@/components/ui/skeleton';
import { useAlbum, useAlbumPages, useDeleteAlbum, useRemoveFromAlbum, useUpdateAlbum } from '@/components/albums/use-albums';
import { useAccountId } from '@/hooks/use-account-id';
import { useOpenedItem } from '@/hooks/use-opened-item';
import { useSnackbar } from '@/hooks/use-snackbar';
import { ApiError } from '@/lib/api/api-error';
import { albumItemDownloadLink, type Album, type AlbumItem, type ItemRef } from '@/lib/api/albums';
import { ALBUM_ROLE_LABELS } from '@/contract/household';
import type { MediaKind } from '@/contract/media';
import { albumCount, albumRuns, itemsOfKind, type AlbumRun } from '@/lib/media/albums/album-runs';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import {
  ALBUM_DELETED,
  ALBUM_EMPTY,
  ALBUM_LOAD_ERROR,
  ALBUM_NOT_FOUND,
  albumError,
  ALBUMS_TITLE,
  COVER_ERROR,
  COVER_SET,
  ALBUM_ACTIONS,
  CONTRIBUTOR_HINT,
  DELETE_ALBUM,
  DOWNLOAD,
  DOWNLOAD_ERROR,
  MEMBERS,
  SHARE_LINK,
  sharedBy,
  DELETE_ALBUM_ERROR,
  MAKE_COVER,
  REMOVE_FROM_ALBUM,
  REMOVE_FROM_ALBUM_ERROR,
  REMOVED_FROM_ALBUM,
} from './album-words';

const AlbumDetailsDialog = lazyDialog(() => import('./album-details-dialog').then((m) => m.AlbumDetailsDialog));
const EditMediaDialog = lazyDialog(() => import('@/components/media/item/edit-media-dialog').then((m) => m.EditMediaDialog));
const DeleteMediaDialog = lazyDialog(() => import('@/components/media/item/delete-media-dialog').then((m) => m.DeleteMediaDialog));

const isCover = (album: Album | undefined, item: ItemRef) => album?.cover?.kind === item.kind && album.cover.id === item.id;

/**
 * The album's header: back to the grid, title, whose it is (a shared album: its owner's name and avatar, and my
 * role), description, count, and the album's actions: for its owner «Участники», «Поделиться», «Изменить» and
 * «Удалить альбом» (in its «⋯»); for a member «Участники» (where they also leave).
 */
function AlbumHeader({
  album,
  headingRef,
  onMembers,
  onShare,
  onEdit,
  onDelete,
}: {
  album: Album;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onMembers: () => void;
  onShare: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const owner = album.role === 'owner';
  return (
    <div className="flex flex-col gap-3">
      <Link href="/albums" className="w-fit rounded-md text-sm font-medium text-accent-text hover:underline">
        ← {ALBUMS_TITLE}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* At least 16rem for the title: on a phone the buttons go under it rather than squeeze it. */}
        <div className="min-w-0 flex-1 basis-64">
          <h1 ref={headingRef} tabIndex={-1} className="break-words text-2xl font-semibold tracking-tight text-fg outline-none">
            {album.title}
          </h1>
          {album.owner ? (
            <p className="mt-1 flex min-w-0 items-center gap-2 text-sm text-fg-muted" data-testid="album-owner">
              <Avatar name={album.owner.name} photo={album.owner.photo_url} className="h-6 w-6 text-[11px]" />
              <span className="truncate">
                {sharedBy(album.owner.name)} · {ALBUM_ROLE_LABELS[album.role]}
              </span>
            </p>
          ) : null}
          <p className="text-sm text-fg-muted" data-testid="album-count">
            {albumCount(album.item_count)}
          </p>
          {album.description ? (
            <p className="mt-2 whitespace-pre-line break-words text-fg-muted" data-testid="album-description">
              {album.description}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onMembers}>
            {MEMBERS}
          </Button>
          {owner ? (
            <>
              <Button variant="secondary" onClick={onShare}>
                {SHARE_LINK}
              </Button>
              <Button variant="secondary" onClick={onEdit}>
                Изменить
              </Button>
              {/* Deleting the album is rare and final: kept one step away, as in a photo library, not beside «Изменить». */}
              <Menu
                label={`${ALBUM_ACTIONS}: ${album.title}`}
                button={<MoreIcon />}
                buttonClassName={`${BUTTON_BASE} ${BUTTON_VARIANTS.secondary} h-10 w-10 shrink-0 pointer-coarse:h-11 pointer-coarse:w-11`}
                entries={[{ label: DELETE_ALBUM, onSelect: onDelete, danger: true }]}
              />
            </>
          ) : null}
        </div>
      </div>
      {album.role === 'contributor' ? (
        <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg-muted" data-testid="contributor-hint">
          {CONTRIBUTOR_HINT}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The album's item open full-size: the viewer of its kind (KIND_VIEWS), going through the album's items of that
 * kind; one viewer at a time.
 */
function useAlbumViewer(items: readonly AlbumItem[]) {
  const [kind, setKind] = useState<MediaKind | null>(null);
  const [asked, setAsked] = useState<number | null>(null);
  const ofKind = useMemo(() => (kind ? itemsOfKind(items, kind) : []), [items, kind]);
  const opened = useOpenedItem(ofKind, { closeOnGone: kind !== null && KIND_VIEWS[kind].browse !== true });
  const { open } = opened;
  // Opened once `ofKind` holds the kind asked for (the render after setKind).
  useEffect(() => {
    if (asked === null) return;
    open(asked);
    setAsked(null);
  }, [asked, open]);
  const show = useCallback((which: MediaKind, id: number) => {
    setKind(which);
    setAsked(id);
  }, []);
  return { kind, items: ofKind, id: opened.id, show, move: open, close: opened.close };
}

/**
 * One album: its title, description and count with its actions (AlbumHeader); its items in the album's order, a
 * page at a time, each kind drawn by its own renderer — recordings as the list's rows (playing in place), photos
 * and videos as their tiles, opening the kind's viewer — each saying who added it where the album is shared. Each
 * item's «⋯» (and the viewer) offers what my part allows: the owner «Сделать обложкой» and «Убрать из альбома» of
 * any item; a contributor «Убрать из альбома» of their own; another's item «Скачать» while the album allows it.
 */
export function AlbumPage({ id }: { id: number }) {
  const router = useRouter();
  const album = useAlbum(id);
  const itemsQuery = useAlbumPages(id);
  const viewerId = useAccountId();
  const remove = useRemoveFromAlbum();
  const update = useUpdateAlbum();
  const deleteAlbum = useDeleteAlbum();
  const { showSuccess, showError } = useSnackbar();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const [editingAlbum, setEditingAlbum] = useState(false);
  const [deletingAlbum, setDeletingAlbum] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [showingMembers, setShowingMembers] = useState(false);
  // A kind without a viewer (recordings) is edited and deleted from its rows, here as on its screen.
  const [editing, setEditing] = useState<AlbumItem | null>(null);
  const [deleting, setDeleting] = useState<AlbumItem | null>(null);

  const items = useMemo(() => itemsQuery.data?.pages.flat() ?? [], [itemsQuery.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = itemsQuery;
  // The next page comes as the end of the album nears the viewport (and with «Показать ещё»).
  const more = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const sentinel = more.current;
    if (!sentinel || !hasNextPage) return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    seen.observe(sentinel);
    return () => seen.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const runs = useMemo(() => albumRuns(items), [items]);
  const viewer = useAlbumViewer(items);

  // After an item leaves, the focus goes to the heading (its «⋯» button is gone), once no menu or dialog holds it.
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (!refocus) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      heading.current?.focus();
      if (heading.current && document.activeElement !== heading.current && ++tries < 60) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [refocus]);

  const removeItem = useCallback(
    async (item: ItemRef) => {
      try {
        await remove.mutateAsync({ id, items: [{ kind: item.kind, id: item.id }] });
        showSuccess(REMOVED_FROM_ALBUM);
        setRefocus((n) => n + 1);
      } catch (error) {
        showError(albumError(REMOVE_FROM_ALBUM_ERROR, error));
      }
    },
    [remove, id, showSuccess, showError],
  );
  const makeCover = useCallback(
    async (item: ItemRef) => {
      try {
        await update.mutateAsync({ id, edit: { cover: { kind: item.kind, id: item.id } } });
        showSuccess(COVER_SET);
      } catch (error) {
        showError(albumError(COVER_ERROR, error));
      }
    },
    [update, id, showSuccess, showError],
  );
  const onDeleteAlbum = async () => {
    try {
      await deleteAlbum.mutateAsync(id);
      setDeletingAlbum(false);
      showSuccess(ALBUM_DELETED);
      router.replace('/albums');
    } catch (error) {
      setDeletingAlbum(false);
      showError(albumError(DELETE_ALBUM_ERROR, error));
    }
  };

  // Another's item, downloaded through the album (while it allows it): a signed link the browser saves.
  const downloadItem = useCallback(
    async (item: ItemRef) => {
      try {
        const { url } = await albumItemDownloadLink(id, item);
        window.location.assign(url);
      } catch (error) {
        showError(albumError(DOWNLOAD_ERROR, error));
      }
    },
    [id, showError],
  );

  // The same entries in a tile's «⋯» and in the viewer's, as my part in the album allows; a kind without a picture
  // (a recording) cannot be the cover.
  const role = album.data?.role;
  const actionsFor = useCallback(
    (item: ItemRef & { owner?: AlbumItem['owner']; download_url?: string | null }): MenuEntry[] => {
      const others = !!item.owner;
      const entries: MenuEntry[] = [];
      if (others && item.download_url) entries.push({ label: DOWNLOAD, onSelect: () => void downloadItem(item) });
      if (role === 'owner' && MEDIA_KINDS[item.kind].picture)
        entries.push({ label: MAKE_COVER, onSelect: () => void makeCover(item), disabled: isCover(album.data, item) || update.isPending });
      if (role === 'owner' || (role === 'contributor' && !others))
        entries.push({ label: REMOVE_FROM_ALBUM, onSelect: () => void removeItem(item), disabled: remove.isPending });
      return entries;
    },
    [role, album.data, makeCover, removeItem, downloadItem, update.isPending, remove.isPending],
  );

  if (album.isError) {
    const missing = album.error instanceof ApiError && album.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <Link href="/albums" className="w-fit text-sm font-medium text-accent-text hover:underline">
          ← {ALBUMS_TITLE}
        </Link>
        {missing ? (
          <EmptyState title={ALBUM_NOT_FOUND} description="Возможно, альбом удалён." />
        ) : (
          <LoadFailed message={ALBUM_LOAD_ERROR} onRetry={() => void album.refetch()} />
        )}
      </div>
    );
  }

  const Viewer = viewer.kind ? (KIND_VIEWS[viewer.kind].Viewer as ComponentType<MediaViewerProps> | undefined) : undefined;
  return (
    <div className="flex flex-col gap-5">
      {album.data ? (
        <AlbumHeader
          album={album.data}
          headingRef={heading}
          onMembers={() => setShowingMembers(true)}
          onShare={() => setSharing(true)}
          onEdit={() => setEditingAlbum(true)}
          onDelete={() => setDeletingAlbum(true)}
        />
      ) : (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-24" />
        </div>
      )}

      {itemsQuery.isPending ? (
        <SkeletonTiles label="Загрузка альбома" className={KIND_VIEWS.photo.tileGrid} />
      ) : itemsQuery.isError ? (
        <LoadFailed message={ALBUM_LOAD_ERROR} onRetry={() => void itemsQuery.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={ALBUM_EMPTY.title} description={ALBUM_EMPTY.description} />
      ) : (
        <div className="flex flex-col gap-4" data-testid="album-items">
          {runs.map((run) => (
            <AlbumRunView key={run.key} run={run} actionsFor={actionsFor} onOpen={viewer.show} onEdit={setEditing} onDelete={setDeleting} />
          ))}
          {hasNextPage ? (
            <div ref={more} className="flex justify-center py-2">
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Показать ещё
              </Button>
            </div>
          ) : null}
        </div>
      )}

      {Viewer && viewer.kind && viewer.id !== null ? (
        <Viewer
          items={viewer.items}
          id={viewer.id}
          onMove={viewer.move}
          onClose={viewer.close}
          extraActions={(record) =>
            actionsFor({ kind: viewer.kind!, id: record.id, owner: record.owner, download_url: record.download_url })
          }
        />
      ) : null}
      {editing ? (
        <EditMediaDialog key={`${editing.kind}-${editing.id}`} kind={editing.kind} record={editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <DeleteMediaDialog
          key={`${deleting.kind}-${deleting.id}`}
          kind={deleting.kind}
          record={deleting}
          onClose={() => setDeleting(null)}
        />
      ) : null}
      {editingAlbum && album.data ? <AlbumDetailsDialog album={album.data} onClose={() => setEditingAlbum(false)} /> : null}
      {sharing && album.data ? <LazyShareDialog target={{ album: id }} name={album.data.title} onClose={() => setSharing(false)} /> : null}
      {showingMembers && album.data ? (
        <LazyMembersDialog
          album={album.data}
          viewerId={viewerId}
          onClose={() => setShowingMembers(false)}
          onLeft={() => router.replace('/albums')}
        />
      ) : null}
      <ConfirmDialog
        open={deletingAlbum}
        title="Удалить альбом?"
        message={
          <p>
            Альбом «{album.data?.title}» будет удалён. Записи, фотографии и видео из него останутся в Копилке, а ссылки на альбом перестанут
            работать.
          </p>
        }
        confirmLabel={DELETE_ALBUM}
        busy={deleteAlbum.isPending}
        onConfirm={() => void onDeleteAlbum()}
        onCancel={() => setDeletingAlbum(false)}
      />
    </div>
  );
}

/**
 * A run of one kind drawn by its kind's renderer and layout: rows (recordings), each playing where it is and edited
 * from its «⋯»; tiles (photos, videos), each opening the kind's viewer.
 */
function AlbumRunView({
  run,
  actionsFor,
  onOpen,
  onEdit,
  onDelete,
}: {
  run: AlbumRun;
  actionsFor: (item: AlbumItem) => MenuEntry[];
  onOpen: (kind: MediaKind, id: number) => void;
  onEdit: (item: AlbumItem) => void;
  onDelete: (item: AlbumItem) => void;
}) {
  const kind: MediaKind = run.kind;
  const view = KIND_VIEWS[kind];
  // The run's items are records of its kind, with their kind: the kind's renderer takes its own.
  const Item = view.Item as ComponentType<MediaItemProps>;
  const none = () => undefined;
  if (view.layout === 'rows') {
    // Few enough to draw every row (an album is not a 2,000-recording list): the kind's own row, not a copy.
    return (
      <ul aria-label={view.listLabel} className="rounded-xl border border-line bg-surface">
        {run.items.map((record, i) => (
          <li key={record.id}>
            <Item
              record={record}
              index={run.offset + i}
              onOpen={none}
              onEdit={() => onEdit(record)}
              onDelete={() => onDelete(record)}
              highlighted={false}
              actions={actionsFor(record)}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <MediaCollection
      items={run.items}
      label={view.listLabel}
      layout="tiles"
      tileGrid={view.tileGrid}
      renderItem={(record, index) => (
        <Item
          record={record}
          index={index}
          onOpen={() => onOpen(kind, record.id)}
          onEdit={none}
          onDelete={none}
          highlighted={false}
          actions={actionsFor(record)}
        />
      )}
    />
  );
}
