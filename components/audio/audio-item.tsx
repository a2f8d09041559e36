'use client';

import { memo, useCallback, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { ShareButton } from '@/components/shares/share-button';
import { ProcessingFailed } from '@/components/media/processing-failed';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MediaItemProps } from '@/components/media/item-props';
import { useMediaDownload } from '@/hooks/use-media-mutations';
import { useTrimAudio } from '@/hooks/use-trim-audio';
import { useSnackbar } from '@/hooks/use-snackbar';
import { errorInfo, trimError } from '@/lib/errors';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { formatClock } from '@/lib/media/recording/recorder-machine';
import type { TrimPart } from '@/lib/media/playback/trim-part';
import { AudioPlayer } from './audio-player';

export const AUDIO_FAILED = 'Не удалось обработать аудиозапись';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
};

/** One recording: its title, date and length, its player (or why it has none), and its actions. */
export const AudioItem = memo(function AudioItem({ record, onEdit, onDelete, highlighted }: MediaItemProps<'audio'>) {
  const download = useMediaDownload('audio');
  const { showError } = useSnackbar();
  const trimMutation = useTrimAudio();
  const { mutateAsync: sendTrim, isPending: trimSaving } = trimMutation;
  const saveTrim = useCallback(
    async (part: TrimPart) => {
      try {
        await sendTrim({ id: record.id, part });
      } catch (err) {
        throw new Error(trimError(errorInfo(err)), { cause: err });
      }
    },
    [sendTrim, record.id],
  );
  const trim = useMemo(() => ({ save: saveTrim, saving: trimSaving }), [saveTrim, trimSaving]);
  const headingId = `audio-${record.id}-title`;
  const articleRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (highlighted) articleRef.current?.focus();
  }, [highlighted]);

  const startDownload = async (e: MouseEvent<HTMLAnchorElement>) => {
    // The link needs the bearer: fetch it through the API client and save the blob instead.
    e.preventDefault();
    if (download.isPending) return;
    try {
      await download.mutateAsync({ id: record.id });
    } catch {
      showError(MEDIA_KINDS.audio.text.downloadError);
    }
  };

  return (
    <article
      ref={articleRef}
      aria-labelledby={headingId}
      tabIndex={highlighted ? -1 : undefined}
      className={`flex flex-col gap-3 rounded-lg border bg-surface p-4 shadow-sm ${
        highlighted ? 'border-accent ring-2 ring-accent' : 'border-line'
      }`}
      data-testid="audio-item"
      data-audio-id={record.id}
      data-item-id={record.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="min-w-0 break-words text-base font-semibold text-fg">
          {record.title}
        </h2>
        <div className="flex items-center gap-3 text-xs text-fg-muted">
          <FavoriteButton kind="audio" id={record.id} favorite={record.is_favorite} className="-my-2" />
          <time dateTime={record.created_at}>{formatDate(record.created_at)}</time>
          <span data-testid="audio-duration" aria-label="Длительность">
            {formatClock(record.duration ?? 0)}
          </span>
        </div>
      </div>
      {record.description ? <p className="whitespace-pre-line break-words text-sm text-fg-muted">{record.description}</p> : null}

      {record.audio_file && record.status !== 'processing' && record.status !== 'failed' ? (
        <AudioPlayer
          src={record.audio_file}
          peaks={record.waveform_data}
          duration={record.duration}
          title={record.title}
          recordId={record.id}
          trim={trim}
        />
      ) : record.status === 'failed' ? (
        <ProcessingFailed kind="audio" id={record.id} reason={record.failure_reason ?? AUDIO_FAILED} />
      ) : (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner /> Обработка…
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onEdit(record)}>
          Изменить
        </Button>
        <Button variant="secondary" onClick={() => onDelete(record)}>
          Удалить
        </Button>
        <a
          href={record.download_url ?? `/api/media/audio/${record.id}/download/`}
          onClick={(e) => void startDownload(e)}
          aria-busy={download.isPending || undefined}
          className="inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-line-strong bg-surface px-4 py-2 text-sm font-medium text-fg hover:bg-surface-2"
        >
          {download.isPending ? <Spinner /> : null}
          Скачать
        </a>
        <ShareButton target={{ kind: 'audio', id: record.id }} name={record.title} />
      </div>
    </article>
  );
});
