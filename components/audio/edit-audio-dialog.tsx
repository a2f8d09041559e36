'use client';

import { AppDialog } from '@/components/ui/app-dialog';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useUpdateAudio } from '@/hooks/use-audio-mutations';
import { UPDATE_SUCCESS, type AudioRecord } from '@/lib/api/media';
import type { AudioDetails } from '@/lib/schemas/audio';
import { AudioDetailsForm } from './audio-details-form';

const FORM_ID = 'edit-audio-form';

/** 500 px dialog: title (required) and description, saved with the PATCH fallbacks. */
export function EditAudioDialog({ record, onClose }: { record: AudioRecord; onClose: () => void }) {
  const update = useUpdateAudio();
  const { showSuccess, showError } = useSnackbar();

  const submit = async (values: AudioDetails) => {
    try {
      await update.mutateAsync({ id: record.id, data: values });
      showSuccess(UPDATE_SUCCESS);
      onClose();
    } catch (error) {
      showError(error instanceof Error ? error.message : 'Ошибка при обновлении записи');
    }
  };

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
      <AudioDetailsForm
        formId={FORM_ID}
        defaultValues={{ title: record.title, description: record.description ?? '' }}
        onSubmit={submit}
        disabled={update.isPending}
      />
    </AppDialog>
  );
}
