import { sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import { JOB_LANES } from './kinds.ts';
import type { Lane } from '../db/tables/jobs.ts';
import type { JobLog } from './log.ts';

/** The channel jobs are signalled on, and the name the listening connection shows in pg_stat_activity. */
export const JOBS_CHANNEL = 'kopilka_jobs';
export const LISTENER_NAME = 'kopilka-job-signals';

const LANES = new Set<string>(Object.values(JOB_LANES));
const isLane = (value: string | undefined): value is Lane => value !== undefined && LANES.has(value);

/**
 * Tells the workers of other processes that a lane has due jobs, and hears them tell this one. Without it
 * a worker in another process finds a new job only at its next look (every second), where a job added in its
 * own process is taken at once.
 */
export interface JobSignals {
  /** Says that `lane` has due jobs (after the transaction that added them has committed). */
  notify(lane: Lane): Promise<void>;
  /** Calls `onLane` whenever any process says so; the returned function stops listening. */
  listen(onLane: (lane: Lane) => void): () => Promise<void>;
}

/**
 * PostgreSQL's LISTEN/NOTIFY, for the deployments with several processes; SQLite (one machine, usually one
 * process) has none, and its workers find jobs from other processes at their next look.
 */
export function jobSignals(config: Pick<Config, 'database'>, db: Db, log: JobLog): JobSignals | undefined {
  if (config.database.dialect !== 'postgres') return undefined;
  const url = config.database.url;
  return {
    notify: async (lane) => {
      await sql`select pg_notify(${JOBS_CHANNEL}, ${lane})`.execute(db);
    },
    listen: (onLane) => listenOn(url, onLane, log),
  };
}

/**
 * One connection of its own, LISTENing (a pooled one would be handed to queries). When it breaks (the
 * database restarts, a proxy drops it) it is opened again after 1 s, then 2, 4... up to 30 s, and the lanes
 * are all woken once it is back, for what was added meanwhile; until then the workers' own looks go on.
 */
function listenOn(url: string, onLane: (lane: Lane) => void, log: JobLog): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const lost = (from: pg.Client, err?: unknown) => {
    if (client !== from || stopped) return;
    client = null;
    from.end().catch(() => {});
    failures += 1;
    if (failures === 1)
      log.warn({ err }, 'job signals: the listening connection was lost; workers look for jobs every poll until it is back');
    retry = setTimeout(() => void connect(), Math.min(30_000, 1_000 * 2 ** (failures - 1)));
    retry.unref();
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === JOBS_CHANNEL && isLane(message.payload)) onLane(message.payload);
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${JOBS_CHANNEL}`);
      if (failures > 0) {
        log.info({}, 'job signals: listening again');
        for (const lane of LANES) onLane(lane as Lane);
      }
      failures = 0;
    } catch (err) {
      lost(next, err);
    }
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
