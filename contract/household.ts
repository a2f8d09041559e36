import { z } from 'zod';

/**
 * Sharing inside the household: albums shared with accounts of this server (members), and partners who
 * see each other's photos and videos in their timelines. Nothing of one account reaches another but
 * through these: a member sees an album's items while a member, a partner the sharer's items while the
 * partnership lasts, each with signed URLs that stop working the moment that ends.
 */

/** Another account as a shared album or a partner's item names it: its id and its name (first and last, else the username). */
export const personSchema = z.object({ id: z.number().int(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** A person with their avatar: a signed, expiring `/media/…` path, or null (none: show initials). */
export const personWithPhotoSchema = personSchema.extend({ photo_url: z.string().nullable() });
export type PersonWithPhoto = z.infer<typeof personWithPhotoSchema>;

/** What a member of a shared album may do: look, play, download when allowed (viewer); also add and take out their own items (contributor). */
export const ALBUM_MEMBER_ROLES = ['viewer', 'contributor'] as const;
export const albumMemberRoleSchema = z.enum(ALBUM_MEMBER_ROLES);
export type AlbumMemberRole = z.infer<typeof albumMemberRoleSchema>;

/** The viewer's part in an album: its owner, or a member in a role. */
export const albumRoleSchema = z.enum(['owner', ...ALBUM_MEMBER_ROLES]);
export type AlbumRole = z.infer<typeof albumRoleSchema>;

/** The words of the roles, as the members dialog and the album tiles show them. */
export const ALBUM_ROLE_LABELS: Record<AlbumRole, string> = { owner: 'Владелец', viewer: 'Просмотр', contributor: 'Участник' };

/**
 * One person of GET /api/albums/{id}/members/: the owner first (role "owner"), then the members in the order
 * invited. `email` is shown to the album's owner (who invited by it) and to each member for themselves; null
 * otherwise. `added_at`: when invited (the owner: when the album was made).
 */
export const albumMemberSchema = z.object({
  user: personWithPhotoSchema.extend({ email: z.string().nullable() }),
  role: albumRoleSchema,
  added_at: z.string(),
});
export type AlbumMember = z.infer<typeof albumMemberSchema>;

/** POST /api/albums/{id}/members/ `{email, role}` → 201 the member; PATCH /api/albums/{id}/members/{user_id}/ `{role}` → the member. */
export interface AlbumMemberInvite {
  email: string;
  role: AlbumMemberRole;
}

/** At most this many members in one album, and this many invitations or partner requests by one account an hour. */
export const ALBUM_MEMBERS_MAX = 50;
export const INVITES_PER_HOUR = 30;

/**
 * What an album item adds to its record for whoever sees the album: who added it (always the item's owner:
 * everyone adds only their own items) and when, `owner` as the lists name it (null: mine), and `position`,
 * the album's order (GET /api/albums/{id}/items/?after=<position> continues after that item). `download_url`
 * of an item that is not mine is `/api/albums/{id}/items/{kind}/{item id}/download/` (its `download-link/`
 * gives a signed link) while the album allows members to download, else null.
 */
export const albumItemFields = {
  added_by: personSchema,
  added_at: z.string(),
  owner: personSchema.nullable(),
  position: z.number().int(),
  download_url: z.string().nullable(),
};

/** How many items one page of an album holds at most (`?limit=`; the default without `after` or `limit` is the whole album). */
export const ALBUM_PAGE_MAX = 500;

/** One partnership as GET /api/partners/ lists it: the other account, which way it goes, and whether recordings are included. */
export const partnerSchema = z.object({
  user: personWithPhotoSchema.extend({ email: z.string() }),
  direction: z.enum(['shared_by_me', 'shared_with_me']),
  include_audio: z.boolean(),
  created_at: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

/** POST /api/partners/ `{email, include_audio?}` → 201 the partnership (200 when it existed: include_audio changed). */
export interface PartnerCreate {
  email: string;
  include_audio?: boolean;
}

/** At most this many accounts one account shows its items to. */
export const PARTNERS_MAX = 20;

/** The messages both halves word the same. */
export const HOUSEHOLD_MESSAGES = {
  /** An address with no (active) account on this server. */
  unknownEmail: 'Пользователь с таким e-mail не найден',
  /** Inviting oneself, or making oneself a partner. */
  notYourself: 'Нельзя пригласить самого себя.',
  alreadyMember: 'Этот пользователь уже участвует в альбоме.',
  tooManyMembers: `В альбоме может быть не больше ${ALBUM_MEMBERS_MAX} участников.`,
  tooManyPartners: `Показывать свои фото и видео можно не больше чем ${PARTNERS_MAX} людям.`,
  /** A member asking what only the owner may do (rename, delete, manage members, links). */
  ownerOnly: 'Это может сделать только владелец альбома.',
  /** A viewer adding or taking out items. */
  viewerCannotEdit: 'Добавлять и убирать элементы могут только участники с ролью «Участник».',
  /** A contributor taking out an item that is not theirs. */
  notYourItem: 'Убрать из общего альбома можно только свои элементы.',
  /** A member downloading another's item from an album that does not allow it. */
  downloadNotAllowed: 'Владелец альбома не разрешил скачивание.',
  /** The owner leaving their own album. */
  ownerCannotLeave: 'Владелец не может выйти из своего альбома: его можно удалить.',
  /** A file whose album membership or partnership has ended. */
  accessEnded: 'Доступ к этому файлу закрыт.',
} as const;
