import type { Clock } from '../clock.ts';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, generateCode, hashCode } from './codes.ts';
import type { CodePurpose } from '../db/tables/accounts.ts';
import type { CodesRepository } from './codes-repository.ts';

/** Issues and checks the 6-digit codes (hashed, 10 minutes, single use, 5 wrong tries). */
export class OneTimeCodes {
  constructor(
    private readonly repo: CodesRepository,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  /** A fresh code for the target; older codes of the same purpose for it stop working. Unique among live codes. */
  async issue(purpose: CodePurpose, userId: number, target: string): Promise<string> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    let code = generateCode();
    for (
      let i = 0;
      i < 20 && (await this.repo.liveCodeHashExists(purpose, hashCode(this.secret, purpose, code), nowIso, CODE_MAX_ATTEMPTS));
      i++
    ) {
      code = generateCode();
    }
    await this.repo.retireCodes(purpose, target, nowIso);
    await this.repo.insertCode({
      user_id: userId,
      purpose,
      target,
      code_hash: hashCode(this.secret, purpose, code),
      created_at: nowIso,
      expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    });
    return code;
  }

  /**
   * Uses the code; returns its user id and target, or null. With a target, every try counts
   * against that target's live code, taken before comparing (5 tries, right or wrong, and it is
   * dead); without one, the code alone is looked up.
   */
  async consume(purpose: CodePurpose, target: string | null, code: string): Promise<{ userId: number; target: string } | null> {
    const nowIso = this.clock.now().toISOString();
    const hash = hashCode(this.secret, purpose, code);
    const row = target
      ? await this.repo.liveCodeFor(purpose, target, nowIso, CODE_MAX_ATTEMPTS)
      : await this.repo.liveCodeByHash(purpose, hash, nowIso, CODE_MAX_ATTEMPTS);
    if (!row) return null;
    if (!(await this.repo.takeTry(row.id, nowIso, CODE_MAX_ATTEMPTS))) return null;
    if (row.code_hash !== hash) return null;
    if (!(await this.repo.consumeCode(row.id, nowIso))) return null;
    return { userId: row.user_id, target: row.target };
  }
}
