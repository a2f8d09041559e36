import { z } from 'zod';
import { TITLE_REQUIRED } from '@/lib/schemas/audio';

/** Save recording / edit video: title required ('Название обязательно'), as for audio. */
export const videoDetailsSchema = z.object({
  title: z.string().trim().min(1, TITLE_REQUIRED).max(255, 'Не длиннее 255 символов'),
  description: z.string().max(5000, 'Не длиннее 5000 символов'),
});

export type VideoDetails = z.infer<typeof videoDetailsSchema>;
