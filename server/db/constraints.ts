/**
 * True when the database refused a write because a row it points at is gone (a foreign key): what an
 * insert naming an item or album gets when another request removed it for good a moment earlier, after
 * the check that found it. PostgreSQL's code 23503, better-sqlite3's SQLITE_CONSTRAINT_FOREIGNKEY.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
