import { z } from 'zod';
import { descriptionField, optionalTitleField } from './details';

/** A photo's title is optional (the gallery shows 'Фотография' for untitled ones). */
export const photoDetailsSchema = z.object({
  title: optionalTitleField(),
  description: descriptionField(),
});

export type PhotoDetails = z.infer<typeof photoDetailsSchema>;
