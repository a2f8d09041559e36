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
  /**
   * ISO 8601 of when a password change, a reset or «Это был не я» paused the link (a session it ended made
   * it in the 30 days before); null: not paused. A paused link answers as a revoked one until its owner
   * turns it back on (POST /api/shares/{id}/resume/).
   */
  paused_at: z.string().nullable(),
  /** Whether the link opens now: not paused, not expired, and its item is not in the trash. */
  active: z.boolean(),
  target: shareTargetSchema,
});
export type Share = z.infer<typeof shareSchema>;

/** POST /api/shares/ → 201: the link, with its `url` (`<PUBLIC_URL>/s/#<token>`), shown this once. */
export const createdShareSchema = shareSchema.extend({ url: z.string() });
export type CreatedShare = z.infer<typeof createdShareSchema>;

/** A link's public answer holds at most this many items a page; `next` asks for the following one. */
export const SHARE_PAGE_SIZE = 200;

/** A link's password, when it has one, is at least this long (characters). */
export const SHARE_PASSWORD_MIN = 4;

/** The most links one user keeps (revoked ones do not count). */
export const SHARES_PER_USER_MAX = 1000;

/**
 * POST /api/public/shares/open/. `cursor`: the `next` of the page before, for the following page of an
 * album (the password, when the link has one, is not checked again for it).
 */
export interface ShareOpen {
  token: string;
  password?: string;
  cursor?: string;
}

/**
 * What a link hands out of an item: its kind's record with share-scoped media URLs (`/media/shared/…`,
 * which name no owner and stop with the link), only of the copies made for playing and viewing (never an
 * original; a video's `file` is null), and `download_url` a share-scoped attachment link of the same clean
 * copy when the link allows downloads, else null. Nothing of the owner's own: no favourite flag, no size
 * or checksum of the original, no sequential id — `id` is an opaque name of the item in this link (the
 * same on every page and opening), which is all its media URLs name too.
 */
/** What a link leaves out of a record: the owner's own, and what would name the original (a recording's). */
export const SHARE_HIDDEN_FIELDS = ['id', 'is_favorite', 'size', 'sha256', 'download_url', 'original_file'] as const;
const sharedFields = { id: z.string(), download_url: z.string().nullable() };
export const sharedItemSchema = kindUnion(MEDIA_RECORD_SCHEMAS, sharedFields, SHARE_HIDDEN_FIELDS);
export type SharedItem = z.infer<typeof sharedItemSchema>;

/**
 * POST /api/public/shares/open/ → what the link shows: an item (`kind` its kind, `items` that one) or an
 * album (`kind` 'album', `items` its items outside the trash in the order added, at most SHARE_PAGE_SIZE a
 * page). `item_count`: how many the link shows in all; `next`: the cursor of the following page, null on
 * the last. No account data. Opening links is throttled per address (429 with Retry-After).
 */
/** What a link shows: one item of a kind, or an album. */
export const SHARED_VIEW_KINDS = [...MEDIA_KINDS, 'album'] as const;

export const sharedViewSchema = z.object({
  kind: z.enum(SHARED_VIEW_KINDS),
  title: z.string(),
  description: z.string(),
  items: z.array(sharedItemSchema),
  item_count: z.number().int(),
  next: z.string().nullable(),
  expires_at: z.string().nullable(),
  allow_download: z.boolean(),
  /**
   * An album link that allows downloads: a share-scoped link to one ZIP of the served copy of every item (never
   * an original), made as it is downloaded and stopped when the link ends; null otherwise.
   */
  download_all_url: z.string().nullable(),
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
  /** A password shorter than SHARE_PASSWORD_MIN. */
  passwordTooShort: `Пароль ссылки должен содержать минимум ${SHARE_PASSWORD_MIN} символа`,
  /** A user with SHARES_PER_USER_MAX links asks for one more (400). */
  tooManyLinks: `Можно создать не больше ${SHARES_PER_USER_MAX} ссылок. Отключите ненужные в разделе «Мои ссылки».`,
  /** A `cursor` that is not one this link's answer gave, or has expired (400): open the link again. */
  staleCursor: 'Список устарел: откройте ссылку заново.',
} as const;

/** The `code` of a 403 from the open endpoint (the error codes' registry holds it, contract/errors.ts). */
export { SHARE_PASSWORD_CODES } from './errors.ts';
