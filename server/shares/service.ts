import { randomBytes } from 'node:crypto';
import {
  SHARE_MESSAGES,
  SHARE_PAGE_SIZE,
  SHARE_PASSWORD_CODES,
  SHARE_TOKEN_PATTERN,
  SHARES_PER_USER_MAX,
  type ShareExpiryDays,
} from '../../contract/shares.ts';
import { enforce } from '../accounts/account-actions.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import type { AlbumsService } from '../albums/service.ts';
import type { Clock } from '../clock.ts';
import type { Media } from '../db/types.ts';
import { isForeignKeyViolation } from '../db/constraints.ts';
import { detailError, fieldError, notFound } from '../http/errors.ts';
import { reauthRequired } from '../auth/recent-sign-in.ts';
import { shareGrant } from '../grants/grant.ts';
import type { Grants } from '../grants/grants.ts';
import { MEDIA_KINDS, type SharedFile } from '../media/kinds.ts';
import { safeFileName } from '../media/files/content-disposition.ts';
import { sharedFileKey } from '../media/records/items.ts';
import type { MediaKind } from '../../contract/media.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { OpenableShare, SharesRepository, ShareWithTarget } from './repository.ts';
import { SHARE_CURSOR_TTL_SECONDS, SHARE_LIMITS } from './limits.ts';
import { albumRef, itemRef, openAlbumRef, openItemRef, openPageCursor, pageCursor } from './refs.ts';
import { newShareToken, shareTokenHash, signSharedZipPath, verifySharedMediaSignature, verifySharedZipSignature } from './signing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SharesServiceDeps {
  repo: SharesRepository;
  /** An album link shows the album's items as the album does. */
  albums: AlbumsService;
  /** Whether a link is alive, as for every granted link. */
  grants: Grants;
  throttle: Throttle;
  clock: Clock;
  secretKey: string;
  /** Random bytes for tokens (tests may fix them). */
  random?: (bytes: number) => Buffer;
}

/** What a new link is made from (the route has checked each field). */
export interface NewShare {
  target: { kind: MediaKind; id: number } | { album: number };
  expiresInDays: ShareExpiryDays;
  /** null: no password. */
  password: string | null;
  allowDownload: boolean;
}

/** A request to open a link: its token, the password, the cursor of a following page, from which address. */
export interface OpenRequest {
  token: string;
  password?: string;
  cursor?: string;
  ip: string;
}

/** What an opened link shows: one page of its items, how many it has in all, the cursor of the next page. */
export interface OpenedShare {
  share: OpenableShare;
  kind: MediaKind | 'album';
  title: string;
  description: string;
  items: Media[];
  itemCount: number;
  next: string | null;
}

/** A file of an album link's ZIP: its name in the archive, its time, its stored key, and whether the link still grants it. */
export interface SharedZipFile {
  name: string;
  mtime: Date;
  key: string;
  stillGranted: () => Promise<boolean>;
}

/** The file a share's media URL serves, and under which name when it is a download. */
export type SharedFileAccess = { status: 'ok'; key: string; item: Media; download: boolean } | { status: 'forbidden' } | { status: 'gone' };

/** The session asking, as the guard saw it: its id (recorded with each link it makes) and whether it signed in recently. */
export interface AskingSession {
  id: string | null;
  recent: () => Promise<boolean>;
}

/**
 * A link that never expires or covers an album hands out much for long: making one, or turning one back on,
 * needs a recent sign-in in the session (auth/recent-sign-in.ts), so a stolen access token alone cannot.
 */
export const needsRecentSignIn = (link: { expires: boolean; album: boolean }) => link.album || !link.expires;

/** The link's 404: one answer for unknown, revoked, paused, expired, trashed or deleted. */
const invalidLink = () => detailError(404, SHARE_MESSAGES.invalid);

/**
 * Share links. The owner makes one for an item or an album of theirs (anyone else's: 404), lists and
 * revokes them. Anyone holding the token opens it (the password first, when it has one: wrong ones are
 * limited like logins, per link and per address) and gets the items with share-scoped media URLs, whose
 * every request is checked against the link again (fileFor).
 */
export class SharesService {
  private readonly random: (bytes: number) => Buffer;

  constructor(private readonly d: SharesServiceDeps) {
    this.random = d.random ?? randomBytes;
  }

  /**
   * Makes the link, recording the session that made it (a recovery pauses the recent links of the sessions
   * it ends); its token is in the answer this once and stored only as a hash.
   */
  async create(userId: number, input: NewShare, session: AskingSession): Promise<{ share: ShareWithTarget; token: string }> {
    const now = this.d.clock.now();
    const { target } = input;
    if (needsRecentSignIn({ expires: input.expiresInDays !== null, album: 'album' in target }) && !(await session.recent())) {
      throw reauthRequired();
    }
    await this.withinCreationLimits(userId, input);
    const found =
      'album' in target
        ? await this.d.repo.ownedAlbum(userId, target.album)
        : await this.d.repo.ownedLiveItem(userId, target.kind, target.id);
    if (!found) throw notFound();
    const token = newShareToken(this.random);
    const row = await this.d.repo
      .insert({
        user_id: userId,
        token_hash: shareTokenHash(token),
        media_id: 'album' in target ? null : found.id,
        album_id: 'album' in target ? found.id : null,
        password_hash: input.password === null ? null : await hashPassword(input.password),
        allow_download: input.allowDownload ? 1 : 0,
        expires_at: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
        created_at: now.toISOString(),
        session_id: session.id,
        paused_at: null,
      })
      .catch((err: unknown) => {
        // The item or album removed for good by another request since it was found: as if never found.
        throw isForeignKeyViolation(err) ? notFound() : err;
      });
    const [share] = await this.d.repo.listOwned(userId, row.id);
    return { share: share!, token };
  }

  list(userId: number): Promise<ShareWithTarget[]> {
    return this.d.repo.listOwned(userId);
  }

  /** Ends the link at once: it and every URL it handed out answer 404 from now on. */
  async remove(userId: number, shareId: number): Promise<void> {
    if (!(await this.d.repo.deleteOwned(userId, shareId))) throw notFound();
  }

  /**
   * Turns a link that a recovery paused back on (one click in «Ссылки»): it opens again, with the same
   * address. One that never expires or covers an album needs a recent sign-in, as making it did.
   */
  async resume(userId: number, shareId: number, session: AskingSession): Promise<ShareWithTarget> {
    const [share] = await this.d.repo.listOwned(userId, shareId);
    if (!share) throw notFound();
    if (share.paused_at !== null) {
      if (needsRecentSignIn({ expires: share.expires_at !== null, album: share.album_id !== null }) && !(await session.recent()))
        throw reauthRequired();
      await this.d.repo.resumeOwned(userId, shareId);
    }
    const [resumed] = await this.d.repo.listOwned(userId, shareId);
    if (!resumed) throw notFound();
    return resumed;
  }

  /** Whether the link opens now (for the owner's list): not paused, not expired, its item outside the trash. */
  isActive(share: ShareWithTarget): boolean {
    const now = this.d.clock.now().toISOString();
    const live = share.paused_at === null && (share.expires_at === null || share.expires_at > now);
    return live && (share.media_id === null || share.media_deleted_at === null);
  }

  /**
   * Opens the link with its token (and password): 404 for an unknown, revoked or expired link or one whose
   * item is in the trash; 403 `password_required` without the password it has, 403 `wrong_password` (and
   * a 429 after too many from one address, or a short wait after many on the link) for a wrong one. An
   * album shows SHARE_PAGE_SIZE items a page: the `next` cursor of a page opens the following one (no
   * password asked again; 400 on `cursor` for one this link did not give or that has expired). Openings
   * and pages are throttled per address; an opening counts as a view once per address and hour.
   */
  async open(req: OpenRequest): Promise<OpenedShare> {
    const { token, password, cursor, ip } = req;
    await enforce(this.d.throttle.hit(...openingRule(ip, cursor !== undefined)));
    if (!SHARE_TOKEN_PATTERN.test(token)) throw invalidLink();
    const now = this.d.clock.now();
    const share = await this.d.repo.findOpenable(shareTokenHash(token), now.toISOString());
    if (!share) throw invalidLink();
    let after = 0;
    if (cursor !== undefined) {
      const page = openPageCursor(this.d.secretKey, cursor);
      if (!page || page.shareId !== share.id || page.expiresAt * 1000 <= now.getTime() || 'item' in share.target)
        throw fieldError('cursor', SHARE_MESSAGES.staleCursor);
      after = page.after;
    } else {
      if (share.password_hash !== null) await this.checkPassword(share, password, ip);
      await this.countView(share, ip, now.toISOString());
    }
    if ('item' in share.target) {
      const { item } = share.target;
      return { share, kind: item.kind, title: item.title, description: item.description, items: [item], itemCount: 1, next: null };
    }
    const { album } = share.target;
    // One more than a page: whether there is a next one.
    const rows = await this.d.repo.albumPage(share.user_id, album.id, after, SHARE_PAGE_SIZE + 1);
    const items = rows.slice(0, SHARE_PAGE_SIZE);
    const expiresAt = Math.floor(now.getTime() / 1000) + SHARE_CURSOR_TTL_SECONDS;
    const next = rows.length > SHARE_PAGE_SIZE ? pageCursor(this.d.secretKey, share.id, items.at(-1)!.entry_id, expiresAt) : null;
    const itemCount = await this.d.repo.albumItemCount(share.user_id, album.id);
    return { share, kind: 'album', title: album.title, description: album.description, items, itemCount, next };
  }

  /** The name of an item in this link's answer and media URLs (refs.ts). */
  itemRef(share: OpenableShare, item: Media): string {
    return itemRef(this.d.secretKey, share.id, item.id);
  }

  /**
   * Whether a share's media URL is served: 'forbidden' without a valid signature or with a grant that is
   * not a share link's (the same answer whatever it names); 'gone' when the link no longer grants the item
   * (revoked, expired, the owner gone — the grant; the item trashed, deleted or out of the album), when the
   * item has no such file, or for a download the link does not allow.
   */
  async fileFor(ref: string, file: SharedFile, signed: { exp?: string; sig?: string }): Promise<SharedFileAccess> {
    if (!verifySharedMediaSignature(this.d.secretKey, ref, file, signed, this.d.clock.now())) return { status: 'forbidden' };
    const named = openItemRef(this.d.secretKey, ref);
    if (!named) return { status: 'forbidden' };
    const grant = shareGrant(named.shareId);
    const granted = await this.d.repo.itemOfShare(named.shareId, named.mediaId);
    if (!granted || !(await this.d.grants.alive(grant, granted.item.user_id))) return { status: 'gone' };
    if (file === 'download' && !granted.allowDownload) return { status: 'gone' };
    const key = sharedFileKey(granted.item, file);
    return key ? { status: 'ok', key, item: granted.item, download: file === 'download' } : { status: 'gone' };
  }

  /**
   * An album link's «Скачать всё» (signing.ts' signSharedZipPath): 'forbidden' without a valid signature or a
   * name this server sealed (the same answer whatever it names); 'gone' when the link no longer opens (revoked,
   * paused, expired, the owner gone), allows no downloads, or is not an album's; else the archive's name and its
   * files — the served copy of each item outside the trash (never an original), the album's order, names made
   * unique. Throttled per address as openings are. Each file asks `stillGranted` before its bytes go out, so a
   * link revoked during the download stops it.
   */
  async albumZip(
    ref: string,
    signed: { exp?: string; sig?: string },
    ip: string,
  ): Promise<{ status: 'ok'; title: string; files: SharedZipFile[] } | { status: 'forbidden' } | { status: 'gone' }> {
    const now = this.d.clock.now();
    if (!verifySharedZipSignature(this.d.secretKey, ref, signed, now)) return { status: 'forbidden' };
    const named = openAlbumRef(this.d.secretKey, ref);
    if (!named) return { status: 'forbidden' };
    const { limit, windowMs } = SHARE_LIMITS.opensPerIp;
    await enforce(this.d.throttle.hit(`share:zip:ip:${ip}`, limit, windowMs));
    const share = await this.d.repo.findOpenableById(named.shareId, now.toISOString());
    if (!share || share.allow_download !== 1 || !('album' in share.target)) return { status: 'gone' };
    const { album } = share.target;
    const grant = shareGrant(share.id);
    const names = new Set<string>();
    const files: SharedZipFile[] = [];
    for (let after = 0; ;) {
      const page = await this.d.repo.albumPage(share.user_id, album.id, after, SHARE_PAGE_SIZE);
      for (const item of page) {
        const key = sharedFileKey(item, 'download');
        if (!key) continue; // still processing: nothing served yet
        const stem = safeFileName(item.title.trim() || MEDIA_KINDS[item.kind].export.untitled);
        files.push({
          name: uniqueName(names, stem, key.slice(key.lastIndexOf('.') + 1)),
          mtime: new Date(item.created_at),
          key,
          stillGranted: async () => {
            const granted = await this.d.repo.itemOfShare(share.id, item.id);
            return !!granted && granted.allowDownload && (await this.d.grants.alive(grant, share.user_id));
          },
        });
      }
      if (page.length < SHARE_PAGE_SIZE) break;
      after = page.at(-1)!.entry_id;
    }
    return { status: 'ok', title: album.title.trim() || 'Альбом', files };
  }

  /** The URL of an album link's «Скачать всё», for its answer (when it allows downloads). */
  albumZipUrl(share: OpenableShare): string | null {
    if (!('album' in share.target) || share.allow_download !== 1) return null;
    return signSharedZipPath(this.d.secretKey, albumRef(this.d.secretKey, share.id), this.d.clock.now());
  }

  /**
   * A try is counted first per address on the link and per address (argon2 runs after): an address that
   * keeps guessing waits, alone. The link's own wrong tries, from anywhere, only pace further tries (a
   * backoff of at most a minute), so strangers guessing never lock the recipient out. A right password
   * gives its count back and clears that address's failures on the link.
   */
  private async checkPassword(share: OpenableShare, password: string | undefined, ip: string): Promise<void> {
    if (password === undefined || password === '') {
      throw detailError(403, SHARE_MESSAGES.passwordRequired, { code: SHARE_PASSWORD_CODES.required });
    }
    const linkKey = `share:password:${share.id}`;
    const pairKey = `share:password:${share.id}:ip:${ip}`;
    await enforce(this.d.throttle.backoff(linkKey, SHARE_LIMITS.passwordBackoffPerLink));
    const attempt = await this.d.throttle.reserve([
      { key: pairKey, ...SHARE_LIMITS.passwordFailuresPerIpOnLink },
      { key: `share:password:ip:${ip}`, ...SHARE_LIMITS.passwordFailuresPerIp },
    ]);
    await enforce(attempt);
    if (!(await verifyPassword(share.password_hash!, password))) {
      await this.d.throttle.record(linkKey);
      throw detailError(403, SHARE_MESSAGES.wrongPassword, { code: SHARE_PASSWORD_CODES.wrong });
    }
    await attempt.release();
    await this.d.throttle.reset(pairKey);
  }

  /** One view per address and link in the window: reloading the page, or a script asking again, adds none. */
  private async countView(share: OpenableShare, ip: string, now: string): Promise<void> {
    const { limit, windowMs } = SHARE_LIMITS.viewPerIpOnLink;
    if ((await this.d.throttle.hit(`share:view:${share.id}:ip:${ip}`, limit, windowMs)).allowed)
      await this.d.repo.recordView(share.id, now);
  }

  /**
   * At most SHARES_PER_USER_MAX links per user (400), and a password link (an argon2 hash each) at most
   * passwordLinksPerUser an hour (429).
   */
  private async withinCreationLimits(userId: number, input: NewShare): Promise<void> {
    if ((await this.d.repo.countOwned(userId)) >= SHARES_PER_USER_MAX) throw detailError(400, SHARE_MESSAGES.tooManyLinks);
    if (input.password !== null) {
      const { limit, windowMs } = SHARE_LIMITS.passwordLinksPerUser;
      await enforce(this.d.throttle.hit(`share:create-password:${userId}`, limit, windowMs));
    }
  }
}

/** The throttle of an opening (its first page) or of a following page, per address. */
function openingRule(ip: string, page: boolean): [string, number, number] {
  const rule = page ? SHARE_LIMITS.pagesPerIp : SHARE_LIMITS.opensPerIp;
  return [`share:${page ? 'page' : 'open'}:ip:${ip}`, rule.limit, rule.windowMs];
}

/** `stem.ext`, or `stem (2).ext` and on when the archive already holds that name (compared without case). */
function uniqueName(taken: Set<string>, stem: string, ext: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${stem}.${ext}` : `${stem} (${n}).${ext}`;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}
