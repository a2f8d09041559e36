// What a process says when it starts: one log record naming the release, the database, the media storage,
// the data folder, who runs the jobs and the migrations this start applied, so that an operator reading the
// log (or a support request quoting it) knows what ran. No secret goes in it: no password of DATABASE_URL,
// no key.
import path from 'node:path';
import type { Config } from '../config.ts';
import { VERSION } from '../version.ts';

/** The database as the log names it: SQLite's file, or PostgreSQL's host, port and database (never the password). */
export function describeDatabase(database: Config['database']): string {
  if (database.dialect === 'sqlite') return `SQLite ${database.file}`;
  try {
    const url = new URL(database.url);
    return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** The media storage as the log names it: the folder, or the bucket, its prefix and endpoint. */
export function describeStorage(config: Pick<Config, 'mediaStorage' | 'dataDir'>): string {
  const s = config.mediaStorage;
  if (s.kind === 'local') return `local folder ${path.join(config.dataDir, 'media')}`;
  return `S3 bucket ${s.bucket}${s.prefix ? `/${s.prefix}` : ''}${s.endpoint ? ` at ${s.endpoint}` : ''}`;
}

export interface StartupFacts {
  /** Which program: the API (`npm start`) or a worker (`npm run worker`). */
  role: 'api' | 'worker';
  /** The migrations this start applied (none: the schema was up to date). */
  migrations: string[];
}

/** The start-up record: a message and the fields that say the rest. */
export function startupReport(config: Config, facts: StartupFacts): { fields: Record<string, unknown>; message: string } {
  const jobs =
    facts.role === 'worker'
      ? 'this worker'
      : config.runJobs
        ? config.webConcurrency > 1
          ? 'process 0 of this server'
          : 'this process'
        : 'none here (RUN_JOBS=false: `npm run worker` runs them)';
  const fields = {
    version: VERSION,
    node: process.version,
    database: describeDatabase(config.database),
    storage: describeStorage(config),
    dataDir: config.dataDir,
    ...(facts.role === 'api' ? { processes: config.webConcurrency } : {}),
    jobs,
    migrations: facts.migrations.length ? facts.migrations.join(', ') : 'none (the schema is up to date)',
  };
  const program = facts.role === 'api' ? 'API' : 'worker';
  return { fields, message: `Копилка ${VERSION} (${program}) starting` };
}
