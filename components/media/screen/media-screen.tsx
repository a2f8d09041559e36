'use client';

import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { FavoriteFilter, FAVORITES_EMPTY } from '@/components/favorites/favorite-filter';
import { DropZone } from '@/components/media/uploads/drop-zone';
import { FilePickButton } from '@/components/media/uploads/file-pick-button';
import { MediaListBody } from '@/components/media/screen/media-list-body';
import { MediaScreenHeader } from '@/components/media/screen/media-screen-header';
import { MediaToolbar } from '@/components/media/screen/media-toolbar';
import { PartnersSwitch } from '@/components/media/screen/partners-switch';
import { RestoreRecordingBanner } from '@/components/media/recorder/restore-recording-banner';
import { SelectionBar, SelectionStatus } from '@/components/media/selection/selection-bar';
import { UploadTray } from '@/components/media/uploads/upload-tray';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { SkeletonRows, SkeletonTiles, SkeletonTimeline } from '@/components/ui/skeleton';
import { useLinkedRecord } from '@/components/media/screen/use-linked-record';
import { useMediaList } from '@/components/media/screen/use-media-list';
import { useRefreshMediaList } from '@/components/media/item/use-media-mutations';
import { useMediaRecorderLaunch } from '@/components/media/recorder/use-media-recorder-launch';
import { useSearchResults, useSearchState } from '@/components/media/screen/use-media-search';
import { useMediaUploads } from '@/components/media/uploads/use-media-uploads';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useOpenedItem } from '@/hooks/use-opened-item';
import { usePartnersShown } from '@/hooks/use-partners-shown';
import { useSelection } from '@/components/media/selection/use-selection';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useTimeline } from '@/components/media/collection/use-timeline';
import type { MediaKind, MediaRecord } from '@/contract/media';
import { countItems, MEDIA_KINDS, recordingSavedMessage } from '@/lib/media/kinds';
import type { SortOrder } from '@/lib/media/lists/sort-search';
import { groupByDay, viewerTimeZone } from '@/lib/media/media-dates';
import type { RecorderKind } from '@/lib/media/recording/recording-format';
import { KIND_VIEWS } from '@/components/media/kinds/kind-views';
import { MediaCollection } from '@/components/media/collection/media-collection';

/** What the screen draws before its first deferred render: nothing yet (the skeleton). */
const NOTHING_DRAWN: { records: readonly MediaRecord[] | undefined; loadedMonths: ReadonlySet<string> } = {
  records: undefined,
  loadedMonths: new Set(),
};

/** A list that has arrived but is still being drawn (a deferred render): the skeleton stays. */
const DRAWING = { isPending: true, isLoadingError: false, refetch: () => undefined };

/** An arrow up out of a tray: «Загрузить». */
const UPLOAD_ICON = 'M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3';

// The recorder and the edit and delete dialogs (with the dialog library, the form and its rules) are fetched
// when they first open, so the list shows without them.
const RecorderDialog = lazyDialog(() => import('@/components/media/recorder/recorder-dialog').then((m) => m.RecorderDialog));
const EditMediaDialog = lazyDialog(() => import('@/components/media/item/edit-media-dialog').then((m) => m.EditMediaDialog));
const DeleteMediaDialog = lazyDialog(() => import('@/components/media/item/delete-media-dialog').then((m) => m.DeleteMediaDialog));

/**
 * One kind's screen — «Мои аудиозаписи», «Мои фотографии», «Мои видео»: upload (button or drop) with per-file
 * progress, the recorder and its unsaved-recording offer where the kind is recorded, search and sort, the
 * items in the kind's layout, and the kind's viewer, edit and delete dialogs. What differs between kinds is
 * data (lib/media/kinds.ts) and views (kind-views.tsx).
 */
export function MediaScreen<K extends MediaKind>({ kind }: { kind: K }) {
  const entry = MEDIA_KINDS[kind];
  const view = KIND_VIEWS[kind];
  const { text } = entry;
  const refreshList = useRefreshMediaList(kind);
  const { showSuccess, showError } = useSnackbar();
  const recorderKind: RecorderKind | null = entry.recorder?.records ?? null;
  const recorder = useMediaRecorderLaunch(recorderKind, () => {
    if (entry.recorder) showError(entry.recorder.text.unsupported);
  });

  // «Избранное»: the same list, only the starred items (a star given or taken shows at once).
  const [onlyFavorites, setOnlyFavorites] = useState(false);
  const search = useSearchState<SortOrder>(entry.sortOptions[0]!.value);
  // A link to one item (`?id=`) needs the whole list to find it in: from then on the screen reads it whole.
  const { id: linkedId, record: recordAsked, favorite: favoritesAsked, done: linkedShown } = useLinkedRecord();
  const [wholeList, setWholeList] = useState(false);
  if (linkedId !== null && !wholeList) setWholeList(true);
  // A timeline newest first, unfiltered, is read a month at a time (the months first, then those near the
  // viewport); any other view of the kind needs every record, and reads the whole list.
  const timelineMode = entry.timeline === true && search.order === 'newest' && !search.searching && !onlyFavorites && !wholeList;
  const timeZone = viewerTimeZone();
  // The partners' items beside mine, where someone shows me theirs and the switch is on (not among the favourites).
  const partners = usePartnersShown(kind);
  const withPartners = partners.withPartners && !onlyFavorites;
  const list = useMediaList(kind, { enabled: !timelineMode, withPartners });
  const timeline = useTimeline(kind, timeZone, timelineMode, withPartners);
  const arrived = useMemo(
    () => (timelineMode ? timeline.records : onlyFavorites ? list.data?.filter((r) => r.is_favorite) : list.data),
    [timelineMode, timeline.records, list.data, onlyFavorites],
  );
  // The list is drawn from a deferred copy: what arrives (2,000 recordings at once on a cold start) is laid out in a
  // render React can interrupt, a few milliseconds at a time, so the page keeps answering while it draws; until that
  // render is done the skeleton stays. Deferred from the screen's first render too (a list already in the cache when
  // the screen's code arrives, as on a cold start with the list asked for early, would otherwise be drawn in one
  // blocking render). The timeline's loaded months go with the records they hold: a month marked loaded beside the
  // records of before would be drawn empty, and the placeholders of the months after it, pulled into view, would
  // ask for those months at once.
  const arrivedView = useMemo(() => ({ records: arrived, loadedMonths: timeline.loadedMonths }), [arrived, timeline.loadedMonths]);
  const drawn = useDeferredValue(arrivedView, NOTHING_DRAWN);
  const records = drawn.records as typeof arrived;
  const drawing = arrived !== undefined && records === undefined;
  const visible = useSearchResults<MediaRecord<K>, SortOrder>(records, search, entry.visible);
  // Sorted by date, a recorder's list reads under day headings; any other order has none to show.
  const byDate = search.order === 'newest' || search.order === 'oldest';
  const groups = useMemo(
    () => (view.headings && byDate ? groupByDay(visible, { style: view.headings, timeZone, now: new Date() }) : null),
    [view.headings, byDate, visible, timeZone],
  );
  // What heading each item stands under (a day's or, for a recorder's older ones, a month's): its date says the rest.
  const underOf = useMemo(() => {
    const map = new Map<number, 'day' | 'month'>();
    for (const g of groups ?? []) for (const r of g.items) map.set(r.id, g.key.length === 7 ? 'month' : 'day');
    return map;
  }, [groups]);
  const months = useMemo(
    () =>
      timelineMode && timeline.buckets
        ? timeline.buckets.map((b) => ({ month: b.month, count: b.count, loaded: drawn.loadedMonths.has(b.month) }))
        : null,
    [timelineMode, timeline.buckets, drawn.loadedMonths],
  );
  const uploads = useMediaUploads(kind, { onUploaded: refreshList });

  // The selection: ranges run in the order shown (day by day under headings). When the bar goes, the focus goes
  // to the item last clicked (or the heading, when that is gone).
  // Only my own items are selected (a partner's are looked at, never deleted or moved from here).
  const shownOrder = useMemo(
    () => (groups ? groups.flatMap((g) => g.items) : visible).filter((r) => !r.owner).map((r) => r.id),
    [groups, visible],
  );
  const headingId = `media-heading-${kind}`;
  const focusHome = useCallback(() => document.getElementById(headingId)?.focus(), [headingId]);
  const focusItem = useCallback(
    (id: number | null) => {
      // A tile is its own button; a recording's row is focused by its title's toggle.
      const item = id === null ? null : document.querySelector<HTMLElement>(`[data-item-id="${id}"]`);
      const target = item?.matches('button') ? item : item?.querySelector<HTMLElement>('[data-row-toggle]');
      if (target) target.focus();
      else focusHome();
    },
    [focusHome],
  );
  const selection = useSelection(shownOrder, focusItem);
  const { clear: clearSelection, anchor: lastSelected } = selection;
  const leaveSelection = useCallback(() => {
    clearSelection();
    focusItem(lastSelected);
  }, [clearSelection, focusItem, lastSelected]);

  const onSaved = useCallback(
    (kept: boolean) => {
      showSuccess(recordingSavedMessage(kind, kept));
      if (!kept) refreshList();
    },
    [showSuccess, refreshList, kind],
  );

  const opened = useOpenedItem(visible, { closeOnGone: view.browse !== true });
  const [editing, setEditing] = useState<MediaRecord<K> | null>(null);
  const [deleting, setDeleting] = useState<MediaRecord<K> | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);

  // A link to one item (`?id=`, from «Уже в Копилке») opens it in the viewer once the list is there, or, for a
  // kind without one, brings it into view, outlined.
  const { setQuery } = search;
  const { open } = opened;
  const hasViewer = !!view.Viewer;
  useEffect(() => {
    if (linkedId === null || !records) return;
    if (hasViewer) open(linkedId);
    else {
      setHighlightId(linkedId);
      setQuery(''); // a search in progress could hide it
    }
    linkedShown();
  }, [linkedId, linkedShown, records, setQuery, open, hasViewer]);

  // The home's «Избранное» links to a list with its «Избранное» filter on.
  useEffect(() => {
    if (!favoritesAsked) return;
    setOnlyFavorites(true);
    linkedShown();
  }, [favoritesAsked, linkedShown]);

  // «Записать» from the bottom bar or the home opens the recorder as the screen comes up.
  const { openRecorder } = recorder;
  useEffect(() => {
    if (!recordAsked) return;
    if (recorderKind) openRecorder();
    linkedShown();
  }, [recordAsked, recorderKind, openRecorder, linkedShown]);

  const onOpen = useCallback((r: MediaRecord<K>) => open(r.id), [open]);
  const onEdit = useCallback((r: MediaRecord<K>) => setEditing(r), []);
  const onDelete = useCallback((r: MediaRecord<K>) => setDeleting(r), []);
  const { Item, Viewer, Above } = view;
  // Search and sort: on the count's line from 640 px; on a phone, icons in the header (media-toolbar.tsx). While
  // selecting, the selection's bar takes their place (the query stays in `search`).
  const wide = useMediaQuery('(min-width: 40rem)');
  const toolbar = selection.selecting ? null : (
    <MediaToolbar
      query={search.query}
      onQueryChange={search.setQuery}
      order={search.order}
      onOrderChange={search.setOrder}
      options={entry.sortOptions}
      folded={!wide}
    />
  );

  return (
    <DropZone hint={text.dropHint} onFiles={uploads.offer}>
      {/* At least a screen tall, so the footer never comes into view as the list fills in (a layout shift). */}
      <div className="flex min-h-dvh flex-col gap-3 sm:gap-4">
        <MediaScreenHeader title={entry.heading} headingId={headingId}>
          {wide ? null : toolbar}
          <FilePickButton
            accept={entry.accept.input}
            multiple
            onFiles={uploads.offer}
            inputLabel={text.pickInput}
            variant={text.record ? 'secondary' : 'primary'}
            icon={<LineIcon d={UPLOAD_ICON} className="h-5 w-5 shrink-0 sm:hidden" />}
          >
            {text.pick}
          </FilePickButton>
          {/* A phone records with the bottom bar's round red button: this one is for a laptop. */}
          {text.record ? (
            <Button onClick={recorder.openRecorder} className="max-sm:hidden">
              {text.record}
            </Button>
          ) : null}
        </MediaScreenHeader>

        {recorder.pending ? (
          <RestoreRecordingBanner session={recorder.pending} onRestore={recorder.restorePending} onDelete={recorder.deletePending} />
        ) : null}

        <UploadTray items={uploads.items} onDismiss={uploads.dismiss} onRetry={uploads.retry} label={text.loading} />

        {Above ? <Above /> : null}

        <SelectionStatus count={selection.ids.length} />
        {selection.selecting ? <SelectionBar kind={kind} ids={selection.ids} onClear={leaveSelection} focusHome={focusHome} /> : null}

        <MediaListBody
          list={drawing ? DRAWING : timelineMode ? timeline : list}
          total={timelineMode ? timeline.total : records?.length}
          visibleCount={timelineMode ? (timeline.total ?? 0) : visible.length}
          searching={search.searching}
          skeleton={
            view.layout === 'rows' ? (
              <SkeletonRows label={text.loading} />
            ) : view.virtual ? (
              <SkeletonTimeline label={text.loading} />
            ) : (
              <SkeletonTiles label={text.loading} className={view.tileGrid} />
            )
          }
          errorMessage={text.listError}
          emptyTitle={onlyFavorites ? FAVORITES_EMPTY.title : text.empty}
          emptyDescription={onlyFavorites ? FAVORITES_EMPTY.description : text.emptyHint}
          countLabel={(n) => countItems(kind, n)}
          aside={
            <>
              {wide ? toolbar : null}
              <FavoriteFilter onlyFavorites={onlyFavorites} onChange={setOnlyFavorites} />
              {partners.available && !onlyFavorites ? (
                <PartnersSwitch
                  kind={kind}
                  shown={partners.shown}
                  names={partners.sharers.map((p) => p.user.name)}
                  onChange={partners.setShown}
                />
              ) : null}
            </>
          }
        >
          <MediaCollection
            items={visible}
            label={view.listLabel}
            layout={view.layout}
            tileGrid={view.tileGrid}
            revealId={highlightId}
            groups={groups}
            virtual={view.virtual}
            months={months}
            onNeedMonth={timeline.request}
            renderItem={(record, index) => (
              <Item
                record={record}
                index={index}
                onOpen={onOpen}
                onEdit={onEdit}
                onDelete={onDelete}
                highlighted={record.id === highlightId}
                onSelect={selection.select}
                selected={selection.selected.has(record.id)}
                selecting={selection.selecting}
                under={underOf.get(record.id)}
              />
            )}
          />
        </MediaListBody>

        {recorder.open && entry.recorder ? (
          <RecorderDialog kind={kind} onClose={recorder.closeRecorder} onSaved={onSaved} restoreSessionId={recorder.restoreId} />
        ) : null}
        {Viewer && opened.id !== null ? <Viewer items={visible} id={opened.id} onMove={open} onClose={opened.close} /> : null}
        {editing ? <EditMediaDialog key={editing.id} kind={kind} record={editing} onClose={() => setEditing(null)} /> : null}
        {deleting ? <DeleteMediaDialog key={deleting.id} kind={kind} record={deleting} onClose={() => setDeleting(null)} /> : null}
      </div>
    </DropZone>
  );
}
