import { HOUSEHOLD_MESSAGES } from '../../../contract/household.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/errors.ts';
import { parseGrant, type GrantKind } from '../../grants/grant.ts';
import { grantNamesItsFile, type Grants } from '../../grants/grants.ts';
import { verifyMediaSignature, type SignedExtras } from './signing.ts';
import type { StoredKeyOwnersRepository } from './stored-key-owners-repository.ts';

export interface MediaFileAccessDeps {
  owners: StoredKeyOwnersRepository;
  grants: Grants;
  secretKey: string;
  clock: Clock;
}

/** A signed link whose signature does not hold (or no signature): the same 403 whether the file exists or not. */
export const forbidden = () => new ApiError(403, { detail: 'Доступ запрещён' }, { 'Cache-Control': 'no-store' });

/**
 * A signed link whose grant has ended: a download link whose session has ended (logout, password change, …), or
 * a shared album's or a partner's file once that sharing is over for it (contract/household.ts).
 */
export const linkEnded = (grant: GrantKind | null = 'session') =>
  new ApiError(
    403,
    {
      detail:
        grant === 'session' || grant === null
          ? 'Ссылка больше не действует: сеанс, в котором она получена, завершён.'
          : HOUSEHOLD_MESSAGES.accessEnded,
    },
    { 'Cache-Control': 'no-store' },
  );

/** The answer to a `/media/<key>` request: served, or why not. */
export type FileAccess = 'ok' | 'forbidden' | 'ended' | 'gone';

/**
 * Who may read `/media/<key>`: whoever holds a URL signed for that key and not yet expired, and only
 * while a record outside the trash (or a user's avatar) still names the key. A deleted record's URLs
 * stop at once, whether its bytes wait in the trash or their removal failed or waits for a later attempt.
 * A URL that carries a grant (a download link: the session it was asked in; another account's item: the
 * album membership or partnership it was shown through) works only while the grant is alive. A trash
 * preview URL serves a trashed item's thumbnail or poster, and nothing else.
 */
export class MediaFileAccess {
  constructor(private readonly d: MediaFileAccessDeps) {}

  /**
   * 'forbidden': no valid signature (the same answer whether the key exists or not); 'ended': signed,
   * but the grant it carries has ended; 'gone': no row names it, or only an item in the trash.
   */
  async check(key: string, exp: string | undefined, sig: string | undefined, extras: SignedExtras = {}): Promise<FileAccess> {
    if (!verifyMediaSignature(this.d.secretKey, key, exp, sig, this.d.clock.now(), extras)) return 'forbidden';
    // A trash preview (signing.ts): only while a trashed item names the key as its thumbnail or poster.
    if (extras.t !== undefined) return (await this.d.owners.isTrashedPreview(key)) ? 'ok' : 'gone';
    if (extras.g !== undefined) {
      const grant = parseGrant(extras.g);
      const owner = ownerOfKey(key);
      if (!grant || owner === null || !(await this.d.grants.alive(grant, owner, key))) return 'ended';
      // Such a grant is alive only while a live row names the key: asked already.
      if (grantNamesItsFile(grant)) return 'ok';
    }
    return (await this.d.owners.isReferenced(key)) ? 'ok' : 'gone';
  }
}

/** The user whose files a key is among (`u/<id>/…`), or null. */
function ownerOfKey(key: string): number | null {
  const [u, id] = key.split('/');
  const owner = Number(id);
  return u === 'u' && /^\d{1,15}$/.test(id ?? '') && Number.isSafeInteger(owner) ? owner : null;
}
