import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';

/** The readiness check's one query: the database answers a statement. */
export class HealthRepository {
  constructor(private readonly db: Db) {}

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
