import type { Clock } from '../clock.ts';
import { verifyMediaSignature } from './signing.ts';
import type { StoredKeyOwnersRepository } from './stored-key-owners-repository.ts';

export interface MediaFileAccessDeps {
  owners: StoredKeyOwnersRepository;
  secretKey: string;
  clock: Clock;
}

/**
 * Who may read `/media/<key>`: whoever holds a URL signed for that key and not yet expired, and only
 * while a record (or a user's avatar) still names the key. A deleted record's URLs stop at once,
 * whether or not its bytes are gone yet (their removal may fail, or wait for a later attempt).
 */
export class MediaFileAccess {
  constructor(private readonly d: MediaFileAccessDeps) {}

  /** 'forbidden': no valid signature (the same answer whether the key exists or not); 'gone': no row names it. */
  async check(key: string, exp: string | undefined, sig: string | undefined): Promise<'ok' | 'forbidden' | 'gone'> {
    if (!verifyMediaSignature(this.d.secretKey, key, exp, sig, this.d.clock.now())) return 'forbidden';
    return (await this.d.owners.isReferenced(key)) ? 'ok' : 'gone';
  }
}
