import { closeSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB } from './types.ts';

export type Db = Kysely<DB>;
export type Dialect = 'sqlite' | 'postgres';

/** Where a database connection that broke outside any query is reported (one line each; the pool goes on). */
export type ConnectionErrorLog = (err: Error) => void;

const logToStderr: ConnectionErrorLog = (err) =>
  console.error(`Копилка: a database connection was lost (${err.message}); new ones are opened as needed`);

export function createDb(database: Config['database'], onConnectionError: ConnectionErrorLog = logToStderr): Db {
  if (database.dialect === 'postgres') {
    // BIGINT/COUNT come back as strings by default; our ids and counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: resilientPool(database.url, onConnectionError) }) });
  }
  const sqlite = new Database(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const reader = new CommittedReader(database.file);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: preparedOnce(sqlite, reader) }) });
  committedReaders.set(db, reader);
  return db;
}

/**
 * A pool that outlives its server's restarts. PostgreSQL ends every connection when it restarts, fails
 * over or is told to (`terminating connection due to administrator command`): pg reports that as an
 * 'error' event of the connection, which the pool re-emits for an idle one, and which nobody hears for
 * one checked out between two queries (a transaction waiting on the app). An unheard 'error' event ends
 * the process, so both are listened to here: the broken connection is dropped (the pool never hands
 * out a connection that is not queryable) and the next query opens a new one. Queries under way when
 * the connection dies fail, and so do those made while the server is down; nothing else does.
 * A connection that cannot be opened gives up after CONNECT_TIMEOUT_MS rather than waiting forever.
 */
const CONNECT_TIMEOUT_MS = 10_000;

function resilientPool(url: string, onConnectionError: ConnectionErrorLog): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  pool.on('error', (err) => onConnectionError(err));
  // A checked-out connection's own error event: what a query under way gets is its own error already.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * One row by a fixed SQL text, read synchronously on a connection of its own that sees only committed
 * data: the read every authenticated request makes (the guard's user and session). Through Kysely that
 * read costs about a quarter of a small answer (its connection lock, query id and promise hops around
 * a statement of a few microseconds; bench/profile.ts measures it).
 * A connection of its own, not Kysely's: a read on that one would run inside whatever transaction is
 * open on it and could see writes that are then rolled back. With WAL a read on a second connection sees
 * every commit made before it began, by this process or any other, so nothing gets staler.
 *
 * Rows are kept until the database changes: `PRAGMA data_version` (about a third of the join's cost) moves
 * with every commit made by any other connection, this process's or another's, and while it stands still the
 * same SQL with the same values can only read the same row. Between writes the guard's join is thus read once
 * per session (the profile bench shows what that saves). So the SQL must read only the
 * database (no random(), no clock); each caller gets its own copy of the row.
 */
export interface RowReader {
  get<Row>(sql: string, parameters: readonly unknown[]): Row | undefined;
}

/** The WAL index header's first copy (WalIndexHdr: version, change counter, page size, last frame, pages, checksums, salts). */
const WAL_HEADER_BYTES = 48;

class CommittedReader implements RowReader {
  private connection: Database.Database | undefined;
  private readonly statements = new Map<string, Database.Statement>();
  private dataVersion: Database.Statement | undefined;
  /** Rows read at `version` of the database, by SQL and values (undefined: no row); `kept` of them. */
  private readonly rows = new Map<string, Map<string, object | undefined>>();
  private kept = 0;

  private forgetRows(): void {
    this.rows.clear();
    this.kept = 0;
  }
  private version: unknown;

  constructor(private readonly file: string) {}

  get<Row>(sql: string, parameters: readonly unknown[]): Row | undefined {
    // Opened at first use: by then the main connection has made the file and its WAL.
    this.connection ??= new Database(this.file, { readonly: true, fileMustExist: true });
    this.dataVersion ??= this.connection.prepare('pragma data_version').pluck();
    if (!this.walHeaderStill()) {
      const version = this.dataVersion.get();
      if (version !== this.version) {
        this.forgetRows();
        this.version = version;
      }
    }
    // By SQL (the same string every time: its hash is kept), then by the values: no key made of the whole SQL text.
    let ofSql = this.rows.get(sql);
    if (!ofSql) this.rows.set(sql, (ofSql = new Map<string, object | undefined>()));
    const key = JSON.stringify(parameters);
    let row = ofSql.get(key);
    if (row === undefined && !ofSql.has(key)) {
      let statement = this.statements.get(sql);
      if (!statement) {
        statement = this.connection.prepare(sql);
        this.statements.set(sql, statement);
      }
      row = statement.get(...parameters) as object | undefined;
      if (this.kept >= 10_000) this.forgetRows();
      ofSql.set(key, row);
      this.kept++;
    }
    return row === undefined ? undefined : ({ ...row } as Row);
  }

  /**
   * Whether no commit has been made to the database since the last look: the WAL index's header (the first 48 bytes
   * of the `-shm` file, which every commit of every connection rewrites: its change counter, last frame and
   * checksums) reads as it did then. One read of 48 bytes, where `pragma data_version` begins and ends a read
   * transaction (two fcntl locks on this file): about a third of its cost. It is read before the data_version and
   * the rows it stands for, so a commit after it moves it for the next request. Any doubt (no WAL index yet, a short
   * read, a header seen for the first time) answers false, and the data_version decides as before. The file is
   * never removed or replaced while this connection has the database open (SQLite removes it only when the last
   * connection of every process closes).
   */
  private walHeaderStill(): boolean {
    if (this.lookedThisTurn) return true;
    if (this.walIndex === undefined) {
      // Opened once the connection has read (a database in WAL mode then has its index); none: never looked at.
      if (this.version === undefined) return false;
      try {
        this.walIndex = openSync(`${this.file}-shm`, 'r');
      } catch {
        this.walIndex = null;
      }
    }
    if (this.walIndex === null) return false;
    const still = readSync(this.walIndex, this.header, 0, WAL_HEADER_BYTES, 0) === WAL_HEADER_BYTES && this.header.equals(this.seenHeader);
    if (!still) this.header.copy(this.seenHeader);
    this.lookedThisTurn = true;
    setImmediate(this.turnEnded);
    return still;
  }

  /**
   * The header is read once a turn of the event loop: the requests a turn serves were read from their sockets as it
   * began, so a commit of another process before any of them arrived is before the turn's first look, and each
   * request that reaches the server after a commit is checked against it (in the next turn at the latest). Under
   * load a turn serves dozens of requests, and the read (a system call, ~5 µs on a VM) was a sixth of a profile
   * request's time. This process's own writes are seen at once: every statement of its connection that may change the
   * database or end a transaction ends the turn's look (`wrote`).
   */
  private lookedThisTurn = false;
  private readonly turnEnded = () => {
    this.lookedThisTurn = false;
  };

  /** A statement that may change the database is about to run on this process's connection: look again next time. */
  wrote(): void {
    this.lookedThisTurn = false;
  }

  private walIndex: number | null | undefined;
  private readonly header = Buffer.alloc(WAL_HEADER_BYTES);
  /** The header at the last look (zeros before the first: a header that is written is never all zeros). */
  private readonly seenHeader = Buffer.alloc(WAL_HEADER_BYTES);

  close(): void {
    this.lookedThisTurn = false;
    if (typeof this.walIndex === 'number') closeSync(this.walIndex);
    this.walIndex = undefined;
    this.seenHeader.fill(0);
    this.version = undefined;
    this.connection?.close();
    this.connection = undefined;
    this.statements.clear();
    this.dataVersion = undefined;
    this.forgetRows();
  }
}

const committedReaders = new WeakMap<Db, RowReader>();

/** The synchronous committed-data reader of a SQLite database (undefined on PostgreSQL: use Kysely there). */
export function committedReader(db: Db): RowReader | undefined {
  return committedReaders.get(db);
}

/**
 * SQLite whose transactions take the write lock as they begin (BEGIN IMMEDIATE), waiting for it up to
 * busy_timeout. A deferred transaction (Kysely's plain BEGIN) that reads, then writes after another
 * process has committed, fails at once with SQLITE_BUSY: the wait does not apply to it. With one
 * process it changes nothing (Kysely runs one transaction at a time on its one connection); with
 * several (WEB_CONCURRENCY, `npm run worker`) on one file, it turns those failures into waits.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares before every query; the
 * SQL texts repeat (only the parameters change), so each is compiled once and kept (the most recent
 * 500). A kept statement is never busy when reused: Kysely runs one query at a time on its single
 * connection and all() finishes before it returns (no iterate()/stream() here). SQLite re-prepares a
 * kept statement itself after a schema change.
 */
function preparedOnce(sqlite: Database.Database, reader: CommittedReader, max = 500): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => {
      reader.close();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = kept.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (kept.size >= max) kept.delete(kept.keys().next().value!);
        kept.set(sql, statement);
      }
      // A write, or BEGIN/COMMIT/ROLLBACK (which SQLite counts as read-only, but which end what others see): the
      // committed reader looks at the WAL index again at its next read. Kysely runs a statement right after preparing it.
      if (!statement.reader || !statement.readonly) reader.wrote();
      return statement;
    },
  };
}

export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}
