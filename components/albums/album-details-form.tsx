'use client';

import { MediaDetailsForm } from '@/components/media/item/media-details-form';
import { albumDetailsSchema, type AlbumDetails } from '@/lib/schemas/album';

/** An album's title (required) and description: the create and edit dialogs, and «Новый альбом» in «В альбом». */
export function AlbumDetailsForm({
  formId,
  defaultValues,
  onSubmit,
  disabled,
}: {
  formId: string;
  defaultValues?: Partial<AlbumDetails>;
  onSubmit: (values: AlbumDetails) => void | Promise<void>;
  disabled?: boolean;
}) {
  return (
    <MediaDetailsForm formId={formId} schema={albumDetailsSchema} defaultValues={defaultValues} onSubmit={onSubmit} disabled={disabled} />
  );
}
