import type { Clock } from '../clock.ts';
import type { Grant } from './grant.ts';
import type { GrantsRepository } from './repository.ts';

/** How long a link made for a session (a download, the export) lives at most. */
export const SESSION_LINK_TTL_SECONDS = 60 * 60;

/** The one place that answers "is this grant alive?" for every signed link that carries one. */
export class Grants {
  constructor(
    private readonly repo: GrantsRepository,
    private readonly clock: Clock,
  ) {}

  /** Whether the permission the grant names still holds for the files of `ownerId`. */
  async alive(grant: Grant, ownerId: number): Promise<boolean> {
    switch (grant.kind) {
      case 'session':
        return this.repo.sessionAlive(grant.id, ownerId, this.clock.now().toISOString());
      case 'share':
        return /^[1-9]\d{0,9}$/.test(grant.id) && this.repo.shareAlive(Number(grant.id), ownerId, this.clock.now().toISOString());
    }
  }
}
