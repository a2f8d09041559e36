'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import Link from 'next/link';
import { useCallback, type ReactNode } from 'react';
import { KIND_VIEWS } from '@/components/media/kind-views';
import { FilePickButton } from '@/components/media/file-pick-button';
import { RECORDING_UNSUPPORTED } from '@/components/media/recording-unsupported';
import { UploadList } from '@/components/media/upload-list';
import { NavIcon } from '@/components/shell/nav-items';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaList } from '@/hooks/use-media-list';
import { useRefreshMediaList } from '@/hooks/use-media-mutations';
import { useMediaRecorderLaunch } from '@/hooks/use-media-recorder-launch';
import { useMediaUploads } from '@/hooks/use-media-uploads';
import { useOpenedItem } from '@/hooks/use-opened-item';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useUsage } from '@/hooks/use-storage-space';
import { usageQueries } from '@/lib/api/storage-space';
import { userAtom } from '@/lib/auth/atoms';
import type { MediaKind, MediaRecord, Usage } from '@/lib/contract/media';
import { formatBytes } from '@/lib/contract/storage-space';
import { countItems, MEDIA_KINDS } from '@/lib/media/kinds';
import type { RecorderKind } from '@/lib/media/recording/recording-format';
import { LatestRecordings } from './latest-recordings';

const RecorderDialog = lazyDialog(() => import('@/components/media/recorder-dialog').then((m) => m.RecorderDialog));

/** How many of a kind's latest items its card shows. */
const LATEST = { audio: 4, photo: 6, video: 2 } as const;

/** The link to the whole section under its card. */
const ALL = { audio: 'Все записи', photo: 'Все фотографии', video: 'Все видео' } as const;

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

function Card({ kind, figures, action, children }: { kind: MediaKind; figures: ReactNode; action: ReactNode; children: ReactNode }) {
  const entry = MEDIA_KINDS[kind];
  const headingId = `home-${kind}`;
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
          {figures}
        </div>
      </div>
      <div className="flex-1 px-4">{children}</div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line p-3">
        {action}
        <Link href={entry.href} className="rounded-lg px-2 py-2 text-sm font-medium text-accent-text hover:bg-accent-soft">
          {ALL[kind]}
        </Link>
      </div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-fg-muted">{children}</p>;
}

/** A kind's latest items, newest first (the lists come newest first). */
function useLatest<K extends MediaKind>(kind: K) {
  const list = useMediaList(kind);
  return { list, latest: (list.data ?? []).slice(0, LATEST[kind]) as MediaRecord<K>[] };
}

/** The quick action of a recorded kind: the recorder opens right here, and the card shows the recording once saved. */
function useRecordHere(kind: RecorderKind) {
  const refresh = useRefreshMediaList(kind);
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useSnackbar();
  const launch = useMediaRecorderLaunch(kind, () => showError(RECORDING_UNSUPPORTED[kind]));
  const onSaved = useCallback(
    (kept: boolean) => {
      showSuccess(kept ? 'Нет сети: запись сохранена на устройстве и отправится сама' : (MEDIA_KINDS[kind].text.saved ?? ''));
      refresh();
      void queryClient.invalidateQueries({ queryKey: usageQueries.all() });
    },
    [showSuccess, refresh, queryClient, kind],
  );
  const dialog = launch.open ? (
    <RecorderDialog kind={kind} onClose={launch.closeRecorder} onSaved={onSaved} restoreSessionId={launch.restoreId} />
  ) : null;
  return { open: launch.openRecorder, dialog };
}

function RecordIcon() {
  return <span className="h-2.5 w-2.5 rounded-full bg-record" aria-hidden="true" />;
}

function AudioSection({ usage }: { usage: Usage | undefined }) {
  const { list, latest } = useLatest('audio');
  const recorder = useRecordHere('audio');
  return (
    <Card
      kind="audio"
      figures={<Figures kind="audio" count={list.data?.length} usage={usage} />}
      action={
        <Button variant="secondary" onClick={recorder.open}>
          <RecordIcon />
          Записать аудио
        </Button>
      }
    >
      {list.isPending ? (
        <Skeleton className="my-3 h-40" />
      ) : latest.length ? (
        <LatestRecordings records={latest} />
      ) : (
        <Empty>Пока нет записей</Empty>
      )}
      {recorder.dialog}
    </Card>
  );
}

function PhotoSection({ usage }: { usage: Usage | undefined }) {
  const { list, latest } = useLatest('photo');
  const refresh = useRefreshMediaList('photo');
  const queryClient = useQueryClient();
  const uploads = useMediaUploads('photo', {
    onUploaded: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: usageQueries.all() });
    },
  });
  const opened = useOpenedItem(list.data ?? []);
  const Viewer = KIND_VIEWS.photo.Viewer!;
  const Tile = KIND_VIEWS.photo.Item;
  return (
    <Card
      kind="photo"
      figures={<Figures kind="photo" count={list.data?.length} usage={usage} />}
      action={
        <FilePickButton accept="image/*" multiple onFiles={uploads.offer} inputLabel="Выбрать фотографии" variant="secondary">
          Загрузить фото
        </FilePickButton>
      }
    >
      <div className="py-3">
        <UploadList items={uploads.items} onDismiss={uploads.dismiss} label="Загрузка фотографий" />
      </div>
      {list.isPending ? (
        <Skeleton className="mb-3 h-40" />
      ) : latest.length ? (
        <ul className="grid grid-cols-3 gap-1.5 pb-3" aria-label="Последние фотографии">
          {latest.map((p, i) => (
            <li key={p.id}>
              <Tile
                record={p}
                index={i}
                onOpen={(r) => opened.open(r.id)}
                onEdit={() => undefined}
                onDelete={() => undefined}
                highlighted={false}
              />
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Пока нет фотографий</Empty>
      )}
      {opened.id !== null && list.data ? <Viewer items={list.data} id={opened.id} onMove={opened.open} onClose={opened.close} /> : null}
    </Card>
  );
}

function VideoSection({ usage }: { usage: Usage | undefined }) {
  const { list, latest } = useLatest('video');
  const recorder = useRecordHere('video');
  const opened = useOpenedItem(list.data ?? [], { closeOnGone: true });
  const Viewer = KIND_VIEWS.video.Viewer!;
  const Poster = KIND_VIEWS.video.Item;
  return (
    <Card
      kind="video"
      figures={<Figures kind="video" count={list.data?.length} usage={usage} />}
      action={
        <Button variant="secondary" onClick={recorder.open}>
          <RecordIcon />
          Записать видео
        </Button>
      }
    >
      {list.isPending ? (
        <Skeleton className="my-3 h-40" />
      ) : latest.length ? (
        <ul className="grid grid-cols-2 gap-2 py-3" aria-label="Последние видео">
          {latest.map((v, i) => (
            <li key={v.id}>
              <Poster
                record={v}
                index={i}
                onOpen={(r) => opened.open(r.id)}
                onEdit={() => undefined}
                onDelete={() => undefined}
                highlighted={false}
              />
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Пока нет видео</Empty>
      )}
      {recorder.dialog}
      {opened.id !== null && list.data ? <Viewer items={list.data} id={opened.id} onMove={opened.open} onClose={opened.close} /> : null}
    </Card>
  );
}

/** The signed-in home: a greeting, then the three sections, each with its quick action, its latest items (played and opened right here) and what it takes up. */
export function SignedInHome() {
  const user = useAtomValue(userAtom);
  const usage = useUsage();
  const name = user?.first_name?.trim();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{name ? `Здравствуйте, ${name}` : 'Копилка'}</h1>
        <p className="mt-1 text-fg-muted">Ваши записи, фотографии и видео</p>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <AudioSection usage={usage.data} />
        <PhotoSection usage={usage.data} />
        <VideoSection usage={usage.data} />
      </div>
    </div>
  );
}
