'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import Link from 'next/link';
import { useCallback } from 'react';
import { ALBUM_OFFERS } from '@/components/albums/album-offer';
import { ItemOffersProvider } from '@/components/media/item/item-offers';
import { FilePickButton } from '@/components/media/uploads/file-pick-button';
import { UploadList } from '@/components/media/uploads/upload-list';
import { NavIcon } from '@/components/shell/nav-items';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaList } from '@/components/media/screen/use-media-list';
import { useRefreshMediaList } from '@/components/media/item/use-media-mutations';
import { useMediaRecorderLaunch } from '@/components/media/recorder/use-media-recorder-launch';
import { useMediaUploads } from '@/components/media/uploads/use-media-uploads';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useUsage } from '@/hooks/use-storage-space';
import { usageQueries } from '@/lib/api/storage-space';
import { userAtom } from '@/lib/auth/atoms';
import type { MediaKind, Usage } from '@/contract/media';
import { formatBytes } from '@/contract/storage-space';
import { countItems, MEDIA_KINDS, recorderOf, recordingSavedMessage } from '@/lib/media/kinds';
import { KINDS } from '@/lib/media/kind-paths';
import { KIND_VIEWS } from '@/components/media/kinds/kind-views';
import { FavoritesSection } from './favorites-section';
import { LatestTiles } from './latest-tiles';

const RecorderDialog = lazyDialog(() => import('@/components/media/recorder/recorder-dialog').then((m) => m.RecorderDialog));

/** «3 записи · 1,2 МБ»: how many a section keeps and the room they take (originals and copies, trash included). */
function Figures({ kind, count, usage }: { kind: MediaKind; count: number | undefined; usage: Usage | undefined }) {
  if (count === undefined) return <Skeleton className="h-4 w-24" />;
  return (
    <p className="text-sm text-fg-muted" data-testid={`home-${kind}-figures`}>
      {countItems(kind, count)}
      {usage ? ` · ${formatBytes(usage[kind])}` : ''}
    </p>
  );
}

/** A section's list, its usage and its space in the store re-read after something was added right here. */
function useAddedHere(kind: MediaKind) {
  const refresh = useRefreshMediaList(kind);
  const queryClient = useQueryClient();
  return useCallback(() => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: usageQueries.all() });
  }, [refresh, queryClient]);
}

function RecordIcon() {
  return <span className="h-2.5 w-2.5 rounded-full bg-record" aria-hidden="true" />;
}

/** The quick action of a recorded kind: the recorder opens right here, and the card shows the recording once saved. */
function RecordHere({ kind }: { kind: MediaKind }) {
  const added = useAddedHere(kind);
  const { showSuccess, showError } = useSnackbar();
  const recorder = recorderOf(kind);
  const launch = useMediaRecorderLaunch(recorder.records, () => showError(recorder.text.unsupported));
  const onSaved = useCallback(
    (kept: boolean) => {
      showSuccess(recordingSavedMessage(kind, kept));
      added();
    },
    [showSuccess, added, kind],
  );
  return (
    <>
      <Button variant="secondary" onClick={launch.openRecorder}>
        <RecordIcon />
        {MEDIA_KINDS[kind].text.record}
      </Button>
      {launch.open ? (
        <RecorderDialog kind={kind} onClose={launch.closeRecorder} onSaved={onSaved} restoreSessionId={launch.restoreId} />
      ) : null}
    </>
  );
}

/** The quick action of an uploaded kind (the short «Загрузить фото»): the file chooser, and each file's progress right here. */
function UploadHere({ kind, label }: { kind: MediaKind; label: string }) {
  const added = useAddedHere(kind);
  const uploads = useMediaUploads(kind, { onUploaded: added });
  const { accept, text } = MEDIA_KINDS[kind];
  return (
    <>
      {uploads.items.length > 0 ? (
        <div className="w-full">
          <UploadList items={uploads.items} onDismiss={uploads.dismiss} onRetry={uploads.retry} label={text.loading} />
        </div>
      ) : null}
      <FilePickButton accept={accept.input} multiple onFiles={uploads.offer} inputLabel={text.pickInput} variant="secondary">
        {label}
      </FilePickButton>
    </>
  );
}

/** The card's quick action: the recorder of a recorded kind, else the file chooser (with the kind's short upload name). */
function Quick({ kind }: { kind: MediaKind }) {
  if (MEDIA_KINDS[kind].recorder) return <RecordHere kind={kind} />;
  return <UploadHere kind={kind} label={KIND_VIEWS[kind].home.upload ?? MEDIA_KINDS[kind].text.pick} />;
}

/** One section's card: its name leading to its screen, its figures, its latest items, its quick action. */
function KindCard<K extends MediaKind>({ kind, usage }: { kind: K; usage: Usage | undefined }) {
  const entry = MEDIA_KINDS[kind];
  const view = KIND_VIEWS[kind];
  const list = useMediaList(kind);
  const items = list.data ?? [];
  // The lists come newest first.
  const latest = items.slice(0, view.home.latest);
  const headingId = `home-${kind}`;
  const { Latest } = view;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-line bg-surface shadow-card"
      data-testid={`home-card-${kind}`}
    >
      <div className="flex items-start gap-3 p-4 pb-2">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
          <NavIcon name={kind} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold leading-tight text-fg">
            <Link href={entry.href} className="hover:underline">
              {entry.label}
            </Link>
          </h2>
          <Figures kind={kind} count={list.data?.length} usage={usage} />
        </div>
      </div>
      <div className="flex-1 px-4">
        {list.isPending ? (
          <Skeleton className="my-3 h-40" />
        ) : latest.length ? (
          Latest ? (
            <Latest records={latest} />
          ) : (
            <LatestTiles kind={kind} items={items} latest={latest} grid={view.home.grid ?? ''} />
          )
        ) : (
          <p className="py-6 text-center text-sm text-fg-muted">{entry.text.empty}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line p-3">
        <Quick kind={kind} />
        <Link
          href={entry.href}
          className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-accent-text hover:bg-accent-soft touch:min-h-11"
        >
          {view.home.all}
        </Link>
      </div>
    </section>
  );
}

/**
 * The signed-in home: a greeting, then the three sections, each with its quick action, its latest items (played and
 * opened right here) and what it takes up; then «Избранное», the latest starred items of every kind, when there are any.
 */
export function SignedInHome() {
  const user = useAtomValue(userAtom);
  const usage = useUsage();
  const name = user?.first_name?.trim();
  return (
    // What the albums offer on the cards' items (their viewer's «В альбом»), as the signed-in pages' layout does.
    <ItemOffersProvider value={ALBUM_OFFERS}>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{name ? `Здравствуйте, ${name}` : 'Копилка'}</h1>
          <p className="mt-1 text-fg-muted">Ваши записи, фотографии и видео</p>
        </div>
        <div className="grid items-start gap-4 lg:grid-cols-3">
          {KINDS.map((kind) => (
            <KindCard key={kind} kind={kind} usage={usage.data} />
          ))}
        </div>
        <FavoritesSection />
      </div>
    </ItemOffersProvider>
  );
}
