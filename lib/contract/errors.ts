import { z } from 'zod';

/**
 * Error bodies, as Django REST Framework and SimpleJWT shape them. One error: `{"detail": "…"}`, with a
 * machine-readable `code` on some (`token_not_valid`, `email_not_verified`, …). Field errors:
 * `{"field": ["…", …]}`, errors of the body as a whole under `non_field_errors`. Texts are Russian,
 * except the unique-constraint ones, which contain the English phrase `already exists`.
 */
export const detailErrorSchema = z.looseObject({ detail: z.string(), code: z.string().optional() });
export type DetailError = z.infer<typeof detailErrorSchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorBodySchema = z.union([detailErrorSchema, fieldErrorsSchema]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The key of errors that belong to the body as a whole rather than to one field. */
export const NON_FIELD_ERRORS = 'non_field_errors';
