import { z } from 'zod';
import { descriptionField, requiredTitleField } from './details';

/** Audio edit and save recording: title required, description optional. */
export const audioDetailsSchema = z.object({
  title: requiredTitleField(),
  description: descriptionField(),
});

export type AudioDetails = z.infer<typeof audioDetailsSchema>;

/** The edit dialog and the recorder's save form use the same rules. */
export const audioEditSchema = audioDetailsSchema;
export const saveRecordingSchema = audioDetailsSchema;
