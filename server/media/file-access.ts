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
 * while a record outside the trash (or a user's avatar) still names the key. A deleted record's URLs
 * stop at once, whether its bytes wait in the trash or their removal failed or waits for a later attempt.
 */
export class MediaFileAccess {
  constructor(private readonly d: MediaFileAccessDeps) {}

  /**
   * 'forbidden': no valid signature (the same answer whether the key exists or not); 'gone': no row
   * names it, or only an item in the trash. `dl`: the download name a download link signs with the key.
   */
  async check(key: string, exp: string | undefined, sig: string | undefined, dl?: string): Promise<'ok' | 'forbidden' | 'gone'> {
    if (!verifyMediaSignature(this.d.secretKey, key, exp, sig, this.d.clock.now(), dl)) return 'forbidden';
    return (await this.d.owners.isReferenced(key)) ? 'ok' : 'gone';
  }
}
