'use client';

import { useCallback, useMemo, useRef, type RefObject } from 'react';
import { AudioPlayer } from '@/components/player/audio-player';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { AudioRecord, UntrimmedFrom } from '@/lib/api/audio';
import { errorInfo, trimError } from '@/lib/errors';
import type { TrimPart } from '@/lib/media/playback/trim-part';
import { setRowProgress } from './open-rows';
import { useTrimAudio, useUndoTrim } from './use-trim-audio';

/** After «Сохранить» of a trim: the cut is being made, and the whole recording is not lost. */
export const TRIM_SAVED = 'Запись обрезается. Исходная версия — в корзине.';
export const TRIM_UNDONE = 'Обрезка отменена';
export const TRIM_UNDO_FAILED = 'Не удалось отменить обрезку. Исходная версия — в корзине.';

/**
 * The focus to `ref`'s element once what had it has gone with the panel (never left on <body>), for up to a second.
 * While the element that had the focus is still there (the panel's render not done yet, as on a busy machine) it keeps
 * looking; the focus moved anywhere else meanwhile is left where it is.
 */
export function keepFocusOn(ref: RefObject<HTMLElement | null>) {
  let tries = 0;
  const had = document.activeElement;
  const keep = () => {
    const active = document.activeElement;
    const waiting = active !== null && active === had && active !== document.body && active.isConnected;
    if (waiting) {
      if (++tries < 60) requestAnimationFrame(keep);
      return;
    }
    if (active && active !== document.body && active.isConnected) return;
    ref.current?.focus();
    if (document.activeElement !== ref.current && ++tries < 60) requestAnimationFrame(keep);
  };
  requestAnimationFrame(keep);
}

/**
 * After the trim's undo, the focus goes to the recording brought back once the list shows it — when it was left
 * on the cut one's row (or lost with it), not when the person has moved on meanwhile.
 */
function focusRestored(id: number, cutId: number, tries = 40) {
  const active = document.activeElement;
  const free = !active || active === document.body || !active.isConnected || !!active.closest(`[data-item-id="${cutId}"]`);
  if (!free) return;
  const toggle = document.querySelector<HTMLElement>(`[data-item-id="${id}"] [data-row-toggle]`);
  if (toggle) toggle.focus();
  else if (tries > 0) setTimeout(() => focusRestored(id, cutId, tries - 1), 100);
}

/**
 * An open recording's player with its trim (the panel shows while `trimming`, asked for from the row's «⋯»). Drawn only
 * for an open row, so a row that is only scrolled past costs no player and no trim. «Сохранить» sends the cut, and a
 * snackbar says that the original waits in the trash, with «Отменить» (Ctrl+Z): the whole recording back, the cut
 * one in the trash (lib/api/audio.ts, undoTrim).
 */
export function AudioRowPlayer({
  record,
  trimming,
  onTrimClosed,
  readOnly = false,
}: {
  record: AudioRecord;
  trimming: boolean;
  /** Another account's recording: listened to, never cut here (no trim). */
  readOnly?: boolean;
  /** The panel went: `saved` after «Сохранить», else after «Отмена» or Escape. */
  onTrimClosed: (saved: boolean) => void;
}) {
  const { showError, showSuccess } = useSnackbar();
  const { mutateAsync: sendTrim, isPending: saving } = useTrimAudio();
  const undo = useUndoTrim();
  const saved = useRef(false);
  const { id, title, description, created_at, is_favorite } = record;
  const save = useCallback(
    async (part: TrimPart) => {
      const from: UntrimmedFrom = { id, title, description, created_at, is_favorite };
      try {
        await sendTrim({ id, part });
      } catch (err) {
        throw new Error(trimError(errorInfo(err)), { cause: err });
      }
      saved.current = true;
      // Said and shown: the original is not gone, and one press (or Ctrl+Z) brings it back.
      showSuccess(TRIM_SAVED, {
        label: 'Отменить',
        onAction: () => {
          undo(from).then(
            (restoredId) => {
              showSuccess(TRIM_UNDONE);
              focusRestored(restoredId, from.id);
            },
            () => showError(TRIM_UNDO_FAILED),
          );
        },
      });
    },
    [sendTrim, undo, showSuccess, showError, id, title, description, created_at, is_favorite],
  );
  const close = useCallback(() => {
    onTrimClosed(saved.current);
    saved.current = false;
  }, [onTrimClosed]);
  const trim = useMemo(() => ({ open: trimming, save, saving, close }), [trimming, save, saving, close]);
  const onProgress = useCallback((share: number) => setRowProgress(id, share), [id]);
  return (
    <AudioPlayer
      src={record.audio_file!}
      peaks={record.waveform_data}
      duration={record.duration}
      title={title}
      recordId={id}
      trim={readOnly ? undefined : trim}
      onProgress={onProgress}
    />
  );
}
