import { randomBytes } from 'node:crypto';
import { SHARE_MESSAGES, SHARE_PASSWORD_CODES, SHARE_TOKEN_PATTERN, type ShareExpiryDays } from '../../contract/shares.ts';
import { enforce } from '../accounts/account-actions.ts';
import { LIMITS } from '../accounts/limits.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import type { AlbumsService } from '../albums/service.ts';
import type { Clock } from '../clock.ts';
import type { Media } from '../db/types.ts';
import { isForeignKeyViolation } from '../db/constraints.ts';
import { detailError, notFound } from '../http/errors.ts';
import { parseGrant } from '../grants/grant.ts';
import type { Grants } from '../grants/grants.ts';
import type { SharedFile } from '../media/kinds.ts';
import { sharedFileKey } from '../media/records/items.ts';
import type { MediaKind } from '../../contract/media.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { OpenableShare, SharesRepository, ShareWithTarget } from './repository.ts';
import { newShareToken, shareTokenHash, verifySharedMediaSignature } from './signing.ts';

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

/** What an opened link shows. */
export interface OpenedShare {
  share: OpenableShare;
  kind: MediaKind | 'album';
  title: string;
  description: string;
  items: Media[];
}

/** The file a share's media URL serves, and under which name when it is a download. */
export type SharedFileAccess = { status: 'ok'; key: string; item: Media; download: boolean } | { status: 'forbidden' } | { status: 'gone' };

/** The link's 404: one answer for unknown, revoked, expired, trashed or deleted. */
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

  /** Makes the link; its token is in the answer this once and stored only as a hash. */
  async create(userId: number, input: NewShare): Promise<{ share: ShareWithTarget; token: string }> {
    const now = this.d.clock.now();
    const { target } = input;
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

  /** Whether the link opens now (for the owner's list). */
  isActive(share: ShareWithTarget): boolean {
    const now = this.d.clock.now().toISOString();
    const live = share.expires_at === null || share.expires_at > now;
    return live && (share.media_id === null || share.media_deleted_at === null);
  }

  /**
   * Opens the link with its token (and password): 404 for an unknown, revoked or expired link or one whose
   * item is in the trash; 403 `password_required` without the password it has, 403 `wrong_password` (and
   * a 429 after too many) for a wrong one. Each opening counts as a view.
   */
  async open(token: string, password: string | undefined, ip: string): Promise<OpenedShare> {
    if (!SHARE_TOKEN_PATTERN.test(token)) throw invalidLink();
    const now = this.d.clock.now().toISOString();
    const share = await this.d.repo.findOpenable(shareTokenHash(token), now);
    if (!share) throw invalidLink();
    if (share.password_hash !== null) await this.checkPassword(share, password, ip);
    await this.d.repo.recordView(share.id, now);
    if ('item' in share.target) {
      const { item } = share.target;
      return { share, kind: item.kind, title: item.title, description: item.description, items: [item] };
    }
    const { album } = share.target;
    const items = await this.d.albums.items(share.user_id, album.id);
    return { share, kind: 'album', title: album.title, description: album.description, items };
  }

  /**
   * Whether a share's media URL is served: 'forbidden' without a valid signature or with a grant that is
   * not a share link's (the same answer whatever it names); 'gone' when the link no longer grants the item
   * (revoked, expired, the owner gone — the grant; the item trashed, deleted or out of the album), when the
   * item has no such file, or for a download the link does not allow.
   */
  async fileFor(mediaId: number, file: SharedFile, signed: { exp?: string; g?: string; sig?: string }): Promise<SharedFileAccess> {
    if (!verifySharedMediaSignature(this.d.secretKey, mediaId, file, signed, this.d.clock.now())) return { status: 'forbidden' };
    const grant = parseGrant(signed.g);
    if (grant?.kind !== 'share') return { status: 'forbidden' };
    const granted = await this.d.repo.itemOfShare(Number(grant.id), mediaId);
    if (!granted || !(await this.d.grants.alive(grant, granted.item.user_id))) return { status: 'gone' };
    if (file === 'download' && !granted.allowDownload) return { status: 'gone' };
    const key = sharedFileKey(granted.item, file);
    return key ? { status: 'ok', key, item: granted.item, download: file === 'download' } : { status: 'gone' };
  }

  /**
   * A wrong password is counted first (per link and per address, as logins are per account and per
   * address), argon2 runs after; a right one gives its count back and clears the link's failures.
   */
  private async checkPassword(share: OpenableShare, password: string | undefined, ip: string): Promise<void> {
    if (password === undefined || password === '') {
      throw detailError(403, SHARE_MESSAGES.passwordRequired, { code: SHARE_PASSWORD_CODES.required });
    }
    const linkKey = `share:password:${share.id}`;
    const attempt = await this.d.throttle.reserve([
      { key: linkKey, ...LIMITS.loginFailuresPerAccount },
      { key: `share:password:ip:${ip}`, ...LIMITS.loginFailuresPerIp },
    ]);
    await enforce(attempt);
    if (!(await verifyPassword(share.password_hash!, password))) {
      throw detailError(403, SHARE_MESSAGES.wrongPassword, { code: SHARE_PASSWORD_CODES.wrong });
    }
    await attempt.release();
    await this.d.throttle.reset(linkKey);
  }
}
