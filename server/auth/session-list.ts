import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { SessionListRepository } from './session-list-repository.ts';

export interface SessionJson {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  /** The session of the access token that asked. */
  current: boolean;
}

/**
 * The owner's sessions (one per login): seen and ended from the profile. Ending one refuses its
 * access tokens at their next request (the guard reads the session on every request).
 */
export class SessionList {
  private readonly repo: SessionListRepository;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock'>) {
    this.repo = new SessionListRepository(deps.db);
  }

  private now = () => this.deps.clock.now().toISOString();

  /** Live sessions, the asking one first, then by last use. */
  async list(userId: number, currentId: string | null): Promise<SessionJson[]> {
    const rows = await this.repo.liveSessions(userId, this.now());
    const sessions = rows.map((r) => ({
      id: r.id,
      user_agent: r.user_agent,
      ip: r.ip,
      created_at: r.created_at,
      last_used_at: r.last_used_at ?? r.created_at,
      current: r.id === currentId,
    }));
    return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
  }

  /** Ends one of the owner's sessions; a session that is not theirs (or already ended) is "not found". */
  async end(userId: number, sessionId: string): Promise<void> {
    if (sessionId.length > 64 || !(await this.repo.revoke(userId, sessionId, this.now()))) throw notFound();
  }

  /** Ends every session of the user (the admin command): each one's next request is refused; how many ended. */
  endAll(userId: number): Promise<number> {
    // No session has an empty id: none is kept.
    return this.repo.revokeAllBut(userId, '', this.now());
  }

  /** Ends every session of the owner except the asking one; how many ended. */
  endOthers(userId: number, currentId: string): Promise<number> {
    return this.repo.revokeAllBut(userId, currentId, this.now());
  }
}
