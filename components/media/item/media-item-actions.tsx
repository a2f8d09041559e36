'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** What deleting does now: the item waits in the trash, where it can be restored. */
export const TRASH_NOTE = 'Удалённое хранится в корзине 30 дней, затем удаляется навсегда.';

export interface ConfirmMediaDeleteProps {
  open: boolean;
  /** 'Удалить запись', 'Удалить фотографию', 'Удалить видео' — also the question's opening words. */
  title: string;
  /** The item's name as shown in quotes. */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** '<title> «<name>»?' and where it goes (the trash, for 30 days), with 'Удалить' / 'Отмена'. */
export function ConfirmMediaDelete({ open, title, name, busy, onConfirm, onCancel }: ConfirmMediaDeleteProps) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={
        <>
          {title} «<span className="font-medium">{name}</span>»? {TRASH_NOTE}
        </>
      }
      confirmLabel="Удалить"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
