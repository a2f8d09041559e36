import { z } from 'zod';
import { charCount, DESCRIPTION_MAX, TITLE_MAX } from '@/contract/limits';
import { DESCRIPTION_TOO_LONG, TITLE_REQUIRED, TITLE_TOO_LONG } from './messages';

/** A title or description fits when its trimmed text has at most `max` characters (the API's own count). */
const fits = (max: number) => (value: string) => charCount(value.trim()) <= max;

/** A title that may be left empty (photos). */
export const optionalTitleField = () => z.string().trim().refine(fits(TITLE_MAX), TITLE_TOO_LONG);

/** A title that must be given (audio and video): 'Название обязательно'. */
export const requiredTitleField = () => z.string().trim().min(1, TITLE_REQUIRED).refine(fits(TITLE_MAX), TITLE_TOO_LONG);

export const descriptionField = () => z.string().refine(fits(DESCRIPTION_MAX), DESCRIPTION_TOO_LONG);
