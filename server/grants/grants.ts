import type { Clock } from '../clock.ts';
import { parseRelationId, type Grant, type GrantKind } from './grant.ts';
import type { GrantsRepository } from './repository.ts';

/** How long a link made for a session (a download, the export) lives at most. */
export const SESSION_LINK_TTL_SECONDS = 60 * 60;

/**
 * The grants that name the very file they allow (an item of a shared album, a partner's item, an avatar of
 * the people sharing): when one is alive, a row outside the trash names the key, so nothing else need be
 * asked of the key.
 */
const NAMES_ITS_FILE: ReadonlySet<GrantKind> = new Set(['member', 'album', 'partner']);
export const grantNamesItsFile = (grant: Grant): boolean => NAMES_ITS_FILE.has(grant.kind);

/** The one place that answers "is this grant alive?" for every signed link that carries one. */
export class Grants {
  constructor(
    private readonly repo: GrantsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Whether the permission the grant names still holds for the files of `ownerId` (for the file `key`: the
   * grants that name their file hold for no other, and for nothing without a key).
   */
  async alive(grant: Grant, ownerId: number, key?: string): Promise<boolean> {
    if (key === undefined && grantNamesItsFile(grant)) return false;
    switch (grant.kind) {
      case 'session':
        return this.repo.sessionAlive(grant.id, ownerId, this.clock.now().toISOString());
      case 'share':
        return /^[1-9]\d{0,9}$/.test(grant.id) && this.repo.shareAlive(Number(grant.id), ownerId, this.clock.now().toISOString());
      case 'member': {
        const id = parseRelationId(grant.id);
        if (!id) return false;
        return id.mediaId === null
          ? this.repo.memberFaceAlive(id.relation, ownerId, key!)
          : this.repo.memberItemAlive(id.relation, id.mediaId, ownerId, key!);
      }
      case 'album': {
        const id = parseRelationId(grant.id);
        if (!id) return false;
        return id.mediaId === null
          ? this.repo.albumFaceAlive(id.relation, ownerId, key!)
          : this.repo.albumItemAlive(id.relation, id.mediaId, ownerId, key!);
      }
      case 'partner': {
        const id = parseRelationId(grant.id);
        if (!id) return false;
        return id.mediaId === null
          ? this.repo.partnerFaceAlive(id.relation, ownerId, key!)
          : this.repo.partnerItemAlive(id.relation, id.mediaId, ownerId, key!);
      }
    }
  }
}
