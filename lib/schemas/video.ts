import { z } from 'zod';
import { descriptionField, requiredTitleField } from './details';

/** Save recording / edit video: title required ('Название обязательно'), as for audio. */
export const videoDetailsSchema = z.object({
  title: requiredTitleField(),
  description: descriptionField(),
});

export type VideoDetails = z.infer<typeof videoDetailsSchema>;
