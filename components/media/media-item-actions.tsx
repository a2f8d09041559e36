'use client';

import type { ReactNode } from 'react';
import type { z } from 'zod';
import { MediaDetailsForm } from '@/components/media/media-details-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { MediaDetails } from '@/lib/api/media';

export interface MediaItemActionsProps {
  formId: string;
  schema: z.ZodType<MediaDetails, MediaDetails>;
  details: { title: string; description: string | null | undefined };
  saving: boolean;
  onSave: (values: MediaDetails) => void | Promise<void>;
  /** The download buttons ('Скачать оригинал', 'Скачать MP4'), between 'Сохранить' and 'Удалить'. */
  downloads: ReactNode;
  onDelete: () => void;
  /** What comes first in the row of actions: the star, «Поделиться», «В альбом». */
  leading?: ReactNode;
}

/** The viewer's side of one photo or video: title and description, then save, download and delete. */
export function MediaItemActions({ formId, schema, details, saving, onSave, downloads, onDelete, leading }: MediaItemActionsProps) {
  return (
    <>
      <MediaDetailsForm
        formId={formId}
        schema={schema}
        autoFocus={false}
        defaultValues={{ title: details.title, description: details.description ?? '' }}
        onSubmit={onSave}
        disabled={saving}
      />
      <div className="flex flex-wrap gap-2">
        {leading}
        <Button type="submit" form={formId} loading={saving}>
          Сохранить
        </Button>
        {downloads}
        <Button variant="secondary" onClick={onDelete}>
          Удалить
        </Button>
      </div>
    </>
  );
}

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
