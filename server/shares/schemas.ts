import { z } from 'zod';
import { charCount, PASSWORD_MAX } from '../../contract/limits.ts';
import { mediaKindSchema } from '../../contract/media.ts';
import { SHARE_MESSAGES, SHARE_PASSWORD_MIN, shareSchema, shareTargetSchema, sharedViewSchema } from '../../contract/shares.ts';
import { booleanField } from '../media/fields.ts';
import { SHARED_FILES } from '../media/kinds.ts';
import { sharedItemWire } from '../media/records/items.ts';
import { INVALID_VALUE, REQUIRED } from '../http/validation.ts';

/** The share routes' schemas: what each request part must be and what each answer is. */

const rowId = z.number().int().positive().max(2_147_483_647, INVALID_VALUE);

/** A link's target as the owner's answers name it (strict: no other field leaves the server). */
const [itemTarget, albumTarget] = shareTargetSchema.options;
const targetWire = z.union([z.strictObject(itemTarget.shape), z.strictObject(albumTarget.shape)]);

/** One of the owner's links as the server writes it. */
export const shareWire = z.strictObject({ ...shareSchema.shape, target: targetWire });
export type ShareWire = z.input<typeof shareWire>;

/** The link just made: with its URL, shown this once. */
export const createdShareWire = shareWire.extend({ url: z.string() });

/** What an opened link shows, as the server writes it. */
export const sharedViewWire = z.strictObject({ ...sharedViewSchema.shape, items: z.array(sharedItemWire) });

/** A password as typed: any text up to the longest password (never trimmed). */
const password = z.string().max(PASSWORD_MAX);

/** A new link's password: none ("" or null), or at least SHARE_PASSWORD_MIN characters. */
const newPassword = password.refine((value) => value === '' || charCount(value) >= SHARE_PASSWORD_MIN, SHARE_MESSAGES.passwordTooShort);

/** POST /api/shares/: what to share, for how long, with which password, and whether it may be downloaded. */
export const createBody = z.object({
  target: z.union([z.object({ kind: mediaKindSchema, id: rowId }), z.object({ album: rowId })], {
    error: (issue) => (issue.input === undefined ? REQUIRED : SHARE_MESSAGES.target),
  }),
  expires_in_days: z.union([z.literal(1), z.literal(7), z.literal(30), z.null()], {
    error: (issue) => (issue.input === undefined ? REQUIRED : SHARE_MESSAGES.expiry),
  }),
  password: newPassword.nullable().optional(),
  allow_download: booleanField.optional(),
});

/**
 * POST /api/public/shares/open/: the token from the link's fragment, the password when the link has one,
 * and for an album's following page the `next` of the page before.
 */
export const openBody = z.object({
  token: z.string().max(200),
  password: password.optional(),
  cursor: z.string().max(64).optional(),
});

const pathId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= 2_147_483_647);

/** A link's id in the path (anything else names no link: 404). */
export const shareParams = z.object({ id: pathId });

/** `/media/shared/<item ref>/<file>`: anything else names no file (404). */
export const sharedFileParams = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{22}$/), file: z.enum(SHARED_FILES) });

/** `/media/shared-album/<album ref>/`: anything else names no archive (404). */
export const sharedAlbumParams = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

/** A share URL's expiry and signature; anything else in their place is no signature (the same 403). */
export const sharedFileQuery = z.object({
  exp: z.string().optional().catch(undefined),
  sig: z.string().optional().catch(undefined),
});
