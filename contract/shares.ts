import { z } from 'zod';
import { kindUnion, MEDIA_KINDS, MEDIA_RECORD_SCHEMAS, mediaKindSchema } from './media.ts';

/**
 * Share links: a public link to one item or one album, `/s/#<token>`. The token (128 random bits) is
 * shown once, in the answer that makes the link, and stored only as a hash; the page sends it in a
 * request body (POST /api/public/shares/open/), never in a path or query string. Revoking the link,
 * its expiry, trashing or deleting its item (or deleting its album), and deleting the account stop it
 * and every media URL it handed out at once.
 */

/** How long a link lives, in days; null: until revoked («Бессрочно»). */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number] | null;

/** A link's token: 128 random bits, base64url without padding. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** What a link opens: an item (`{kind, id}`) or an album (`{album: id}`). */
export const shareTargetRequestSchema = z.union([
  z.object({ kind: mediaKindSchema, id: z.number().int().positive() }),
  z.object({ album: z.number().int().positive() }),
]);
export type ShareTargetRequest = z.infer<typeof shareTargetRequestSchema>;

/** POST /api/shares/. `password`: optional ("" or null: none); `allow_download` false when left out. */
export interface ShareCreate {
  target: ShareTargetRequest;
  expires_in_days: ShareExpiryDays;
  password?: string | null;
  allow_download?: boolean;
}

/** A link's target as the owner's answers name it: what the request named, plus its title. */
export const shareTargetSchema = z.union([
  z.object({ kind: mediaKindSchema, id: z.number().int(), title: z.string() }),
  z.object({ album: z.number().int(), title: z.string() }),
]);
export type ShareTarget = z.infer<typeof shareTargetSchema>;

/** One of the owner's links, as GET /api/shares/ lists them (newest first). */
export const shareSchema = z.object({
  id: z.number().int(),
  /** ISO 8601; null: no expiry. */
  expires_at: z.string().nullable(),
  has_password: z.boolean(),
  allow_download: z.boolean(),
  /** How many times the link was opened (the password given, when it has one). */
  view_count: z.number().int(),
  /** ISO 8601 of the latest opening; null: never opened. */
  last_viewed_at: z.string().nullable(),
  created_at: z.string(),
  /** Whether the link opens now: not expired, and its item is not in the trash. */
  active: z.boolean(),
  target: shareTargetSchema,
});
export type Share = z.infer<typeof shareSchema>;

/** POST /api/shares/ → 201: the link, with its `url` (`<PUBLIC_URL>/s/#<token>`), shown this once. */
export const createdShareSchema = shareSchema.extend({ url: z.string() });
export type CreatedShare = z.infer<typeof createdShareSchema>;

/** POST /api/public/shares/open/. */
export interface ShareOpen {
  token: string;
  password?: string;
}

/**
 * What a link hands out of an item: its kind's record with share-scoped media URLs (`/media/shared/…`,
 * which name no owner and stop with the link), only of the copies made for playing and viewing (never an
 * original; a video's `file` and a recording's `original_file` are null), `sha256` null, and
 * `download_url` a share-scoped attachment link of the same clean copy when the link allows downloads,
 * else null.
 */
const sharedFields = { download_url: z.string().nullable() };
export const sharedItemSchema = kindUnion(MEDIA_RECORD_SCHEMAS, sharedFields);
export type SharedItem = z.infer<typeof sharedItemSchema>;

/**
 * POST /api/public/shares/open/ → what the link shows: an item (`kind` its kind, `items` that one) or an
 * album (`kind` 'album', `items` its items outside the trash in the order added). No account data.
 */
/** What a link shows: one item of a kind, or an album. */
export const SHARED_VIEW_KINDS = [...MEDIA_KINDS, 'album'] as const;

export const sharedViewSchema = z.object({
  kind: z.enum(SHARED_VIEW_KINDS),
  title: z.string(),
  description: z.string(),
  items: z.array(sharedItemSchema),
  expires_at: z.string().nullable(),
  allow_download: z.boolean(),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

/** The messages both halves word the same. */
export const SHARE_MESSAGES = {
  /** 404: unknown, revoked or expired link (or its item in the trash, or gone). */
  invalid: 'Ссылка недействительна или срок её действия истёк',
  /** 403 with code `password_required`: the link has a password and none was given. */
  passwordRequired: 'Введите пароль',
  /** 403 with code `wrong_password`. */
  wrongPassword: 'Неверный пароль',
  expiry: 'Выберите срок: 1, 7 или 30 дней либо без срока.',
  /** A target that names neither an item nor an album. */
  target: 'Укажите элемент ({"kind", "id"}) или альбом ({"album"}).',
} as const;

/** The `code` of a 403 from the open endpoint (the error codes' registry holds it, contract/errors.ts). */
export { SHARE_PASSWORD_CODES } from './errors.ts';
