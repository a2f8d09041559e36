import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../../server/app.ts';
import type { AppDeps } from '../../../server/deps.ts';
import type { Services } from '../../../server/compose.ts';
import { ManualClock } from '../../../server/clock.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { createDb, type Db } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import type { MailMessage, Mailer, SmsSender } from '../../../server/notify/delivery.ts';
import { createProcessor } from '../../../server/media/processing/processor.ts';
import type { MediaProcessor } from '../../../server/media/processing/types.ts';
import { storageFromConfig } from '../../../server/storage/from-config.ts';
import type { Storage } from '../../../server/storage/storage.ts';
import { createDatabase, pgUrl } from './pg-operator.ts';
import { defaultStorageKind, s3TestEnv, type StorageKind } from './test-storage.ts';

/** Captures outgoing messages so tests can read codes and links. */
export class MemoryMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export class MemorySms implements SmsSender {
  sent: { to: string; text: string }[] = [];
  async send(to: string, text: string) {
    this.sent.push({ to, text });
  }
  last(to?: string) {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** The services the app was composed from, as process/api.ts composes them. */
  services: Services;
  db: Db;
  deps: AppDeps;
  config: Config;
  clock: ManualClock;
  mailer: MemoryMailer;
  sms: MemorySms;
  storage: Storage;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh config and migrated database, and how to drop them: what createTestApp builds its app on. */
export interface TestDatabase {
  dataDir: string;
  config: Config;
  db: Db;
  /** Closes the pool, drops the PostgreSQL database (when there is one) and removes DATA_DIR. */
  drop: () => Promise<void>;
}

/**
 * A temp DATA_DIR with a SQLite file in it, or — when DATABASE_URL points at PostgreSQL — a throw-away
 * database created on that server; migrated, with the tests' config (`env` adds to it or changes it).
 */
export async function createTestDatabase(env: Record<string, string> = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-test-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    const { name, url } = await createDatabase('kopilka_test');
    databaseUrl = url;
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      try {
        // The pool's sockets may still be closing: wait for them rather than killing them (a killed
        // connection surfaces as an unhandled 'terminating connection' error in the test run).
        for (let i = 0; ; i++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (err) {
            if (i >= 40) {
              await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            if ((err as { code?: string }).code !== '55006') throw err; // object_in_use
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await c.end();
      }
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    OUT_DIR: path.join(dataDir, 'out'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const db = createDb(config.database);
  await migrate(db);
  return {
    dataDir,
    config,
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh app on a fresh database: a temp SQLite file, or — when DATABASE_URL points at PostgreSQL —
 * a throw-away database created on that server for this test file and dropped afterwards.
 */
export async function createTestApp(
  overrides: {
    env?: Record<string, string>;
    processor?: MediaProcessor;
    storage?: Storage;
    /** Where media bytes live (without `storage`): local disk or the test S3; by default as MEDIA_STORAGE_TEST says. */
    storageKind?: StorageKind;
    /** Wraps the storage the app would use (to make one of its operations fail); the wrapped one is still cleaned up. */
    wrapStorage?: (storage: Storage) => Storage;
    /** A real adapter instead of the MemoryMailer (e.g. SMTP built from the test's config). */
    mailer?: (config: Config) => Mailer;
    /** buildApp's options (timeouts, a log stream); the logger is off unless a stream is given. */
    app?: Omit<AppOptions, 'logger'>;
    /** What the media storage is taken to lack (as a start's probe finds it, storage/abilities.ts). */
    storageLacks?: string[];
    /** Extra routes a test needs on this app (registered before it is ready). */
    routes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const { dataDir, config, db, drop } = await createTestDatabase({
    ...((overrides.storageKind ?? defaultStorageKind()) === 's3' && !overrides.storage ? s3TestEnv() : {}),
    ...overrides.env,
  });
  const clock = new ManualClock(Date.now());
  const mailer = new MemoryMailer();
  const sms = new MemorySms();
  const ownStorage = overrides.storage ? undefined : storageFromConfig(config);
  const storage = overrides.storage ?? (overrides.wrapStorage ? overrides.wrapStorage(ownStorage!) : ownStorage!);
  const deps: AppDeps = {
    config,
    db,
    storage,
    mailer: overrides.mailer?.(config) ?? mailer,
    sms,
    clock,
    processor: overrides.processor ?? createProcessor({ ffmpegPath: config.ffmpegPath }),
    ...(overrides.storageLacks ? { storageLacks: overrides.storageLacks } : {}),
  };
  const { app, services } = await buildApp(deps, { logger: !!overrides.app?.logStream, ...overrides.app });
  overrides.routes?.(app);
  await app.ready();
  return {
    app,
    services,
    db,
    deps,
    config,
    clock,
    mailer,
    sms,
    storage,
    dataDir,
    async close() {
      await app.close();
      if (ownStorage && config.mediaStorage.kind === 's3') await ownStorage.deletePrefix('');
      await drop();
    },
  };
}
