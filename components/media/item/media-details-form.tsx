'use client';

import { zodResolver } from '@/lib/forms/zod-resolver';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import type { MediaDetails } from '@/lib/api/media';

export interface MediaDetailsFormProps {
  /** The form element's id, so buttons outside it (a dialog footer) can submit it. */
  formId: string;
  /** The rules for the two fields: audio and video require a title ('Название обязательно'), photos do not. */
  schema: z.ZodType<MediaDetails, MediaDetails>;
  defaultValues?: Partial<MediaDetails>;
  onSubmit: (values: MediaDetails) => void | Promise<void>;
  disabled?: boolean;
  /** Focus the title when the form appears (default true). */
  autoFocus?: boolean;
}

/** Title and description of a recording, photo or video — the save form, the edit dialog and the viewers. */
export function MediaDetailsForm({ formId, schema, defaultValues, onSubmit, disabled, autoFocus = true }: MediaDetailsFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MediaDetails>({
    resolver: zodResolver(schema),
    defaultValues: { title: defaultValues?.title ?? '', description: defaultValues?.description ?? '' },
  });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(e) => void handleSubmit((v) => onSubmit({ title: v.title.trim(), description: v.description }))(e)}
      className="flex flex-col gap-3"
    >
      <TextField
        label="Название"
        autoComplete="off"
        autoFocus={autoFocus}
        disabled={disabled}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField label="Описание" disabled={disabled} error={errors.description?.message} {...register('description')} />
    </form>
  );
}
