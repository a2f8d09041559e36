import { z } from 'zod';

/** A photo's title is optional (the gallery shows 'Фотография' for untitled ones); limits as the server's. */
export const photoDetailsSchema = z.object({
  title: z.string().trim().max(255, 'Не длиннее 255 символов'),
  description: z.string().max(5000, 'Не длиннее 5000 символов'),
});

export type PhotoDetails = z.infer<typeof photoDetailsSchema>;
