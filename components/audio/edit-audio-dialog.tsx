'use client';

import { MediaDetailsForm } from '@/components/media/media-details-form';
import { AppDialog } from '@/components/ui/app-dialog';
import { Button } from '@/components/ui/button';
import { useUpdateAudio } from '@/hooks/use-audio-mutations';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import { UPDATE_SUCCESS, type AudioRecord } from '@/lib/api/audio';
import { audioDetailsSchema } from '@/lib/schemas/audio';

const FORM_ID = 'edit-audio-form';

/** 500 px dialog: title (required) and description, saved by one PATCH (lib/api/fallbacks.ts has the rest of the spec's ways). */
export function EditAudioDialog({ record, onClose }: { record: AudioRecord; onClose: () => void }) {
  const update = useUpdateAudio();
  const actions = useMediaItemActions({ update, updatedMessage: UPDATE_SUCCESS, onUpdated: onClose });

  return (
    <AppDialog
      open
      onClose={() => {
        if (!update.isPending) onClose();
      }}
      title="Изменить запись"
      width={500}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Отмена
          </Button>
          <Button type="submit" form={FORM_ID} loading={update.isPending}>
            Сохранить
          </Button>
        </>
      }
    >
      <MediaDetailsForm
        formId={FORM_ID}
        schema={audioDetailsSchema}
        defaultValues={{ title: record.title, description: record.description ?? '' }}
        onSubmit={(values) => actions.save(record.id, values)}
        disabled={update.isPending}
      />
    </AppDialog>
  );
}
