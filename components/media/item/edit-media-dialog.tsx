'use client';

import { MediaDetailsForm } from '@/components/media/item/media-details-form';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { useMediaItemActions } from '@/components/media/item/use-media-item-actions';
import type { MediaKind, MediaRecord } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';

/** 500 px dialog: an item's title (required where its kind needs one) and description, saved by one PATCH (lib/api/fallbacks.ts has the rest of the spec's ways). */
export function EditMediaDialog({ kind, record, onClose }: { kind: MediaKind; record: MediaRecord; onClose: () => void }) {
  const entry = MEDIA_KINDS[kind];
  const actions = useMediaItemActions(kind, { onUpdated: onClose });
  const formId = `edit-${kind}-form`;

  return (
    <Dialog
      open
      onClose={() => {
        if (!actions.saving) onClose();
      }}
      title={entry.text.editTitle}
      width={500}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={actions.saving}>
            Отмена
          </Button>
          <Button type="submit" form={formId} loading={actions.saving}>
            Сохранить
          </Button>
        </>
      }
    >
      <MediaDetailsForm
        formId={formId}
        schema={entry.detailsSchema}
        defaultValues={{ title: record.title, description: record.description ?? '' }}
        onSubmit={(values) => actions.save(record.id, values)}
        disabled={actions.saving}
      />
    </Dialog>
  );
}
