import { z } from 'zod';
import { descriptionField, requiredTitleField } from './details';

/** An album's title (required, as the API requires one: 'Название обязательно') and description. */
export const albumDetailsSchema = z.object({
  title: requiredTitleField(),
  description: descriptionField(),
});

export type AlbumDetails = z.infer<typeof albumDetailsSchema>;
