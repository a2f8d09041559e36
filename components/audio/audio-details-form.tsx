'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@/components/ui/text-field';
import { audioDetailsSchema, type AudioDetails } from '@/lib/schemas/audio';
import { TextAreaField } from './text-area-field';

export interface AudioDetailsFormProps {
  /** The form element's id, so buttons outside it (a dialog footer) can submit it. */
  formId: string;
  defaultValues?: Partial<AudioDetails>;
  onSubmit: (values: AudioDetails) => void | Promise<void>;
  disabled?: boolean;
  /**
   * Other rules for the same two fields (default: audio's, title required). The photo screen passes
   * one with an optional title, the video screen its own.
   */
  schema?: z.ZodType<AudioDetails, AudioDetails>;
  /** Focus the title when the form appears (default true). */
  autoFocus?: boolean;
}

/** Title (required: 'Название обязательно') and description — used by the save form and the edit dialog. */
export function AudioDetailsForm({ formId, defaultValues, onSubmit, disabled, schema, autoFocus = true }: AudioDetailsFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AudioDetails>({
    resolver: zodResolver(schema ?? audioDetailsSchema),
    defaultValues: { title: defaultValues?.title ?? '', description: defaultValues?.description ?? '' },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit((v) => onSubmit({ title: v.title.trim(), description: v.description }))} className="flex flex-col gap-3">
      <TextField label="Название" autoComplete="off" autoFocus={autoFocus} disabled={disabled} error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Описание" disabled={disabled} error={errors.description?.message} {...register('description')} />
    </form>
  );
}
