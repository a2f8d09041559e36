import { z } from 'zod';

/** Audio edit and save recording: title required, description optional. */
export const TITLE_REQUIRED = 'Название обязательно';

export const audioDetailsSchema = z.object({
  title: z.string().trim().min(1, TITLE_REQUIRED).max(255, 'Не длиннее 255 символов'),
  description: z.string().max(5000, 'Не длиннее 5000 символов'),
});

export type AudioDetails = z.infer<typeof audioDetailsSchema>;

/** The edit dialog and the recorder's save form use the same rules. */
export const audioEditSchema = audioDetailsSchema;
export const saveRecordingSchema = audioDetailsSchema;
