'use client';

import { Button } from '@/components/ui/button';
import { formatClock } from '@/lib/media/recording/recorder-machine';
import type { RecordingSession } from '@/lib/media/recording/recording-store';
import { lazily } from '@/lib/lazily';

const dateFormat = lazily(() => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' }));

/** Offer for a recording left unsaved by an earlier visit: restore it into the recorder, or delete it. */
export function RestoreRecordingBanner({
  session,
  onRestore,
  onDelete,
}: {
  session: RecordingSession;
  onRestore: () => void;
  onDelete: () => void;
}) {
  return (
    <section
      aria-label="Несохранённая запись"
      className="flex flex-col gap-3 rounded-lg border border-warning-line bg-warning-soft p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="restore-recording"
    >
      <p className="text-sm text-warning-text">
        Найдена несохранённая запись от {dateFormat().format(new Date(session.started_at))} ({formatClock(session.duration)}). Восстановить
        её?
      </p>
      <div className="flex shrink-0 gap-2">
        <Button onClick={onRestore}>Восстановить</Button>
        <Button variant="secondary" onClick={onDelete}>
          Удалить
        </Button>
      </div>
    </section>
  );
}
