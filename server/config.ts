import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { MediaKind } from '../contract/media.ts';
import { MediaStorageSettingError, parseMediaStorage, type MediaStorageSetting } from './media-storage-setting.ts';

/** Sizes are in bytes. */
const MB = 1024 * 1024;

/** How long a job's claim lasts unrenewed (JOB_LEASE_SECONDS), and how often a running job renews it. */
export interface Lease {
  ms: number;
  renewEveryMs: number;
}

/** A lease of `seconds`, renewed three times within it. */
export const leaseOf = (seconds: number): Lease => ({ ms: seconds * 1000, renewEveryMs: Math.max(200, Math.floor((seconds * 1000) / 3)) });

/** A whole number from the environment, with one readable message whatever is wrong with it. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const bytes = (fallback: number) => wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be a positive whole number of bytes').default(fallback);

const envSchema = z.object({
  PORT: wholeNumber(0, 65535, 'must be a whole number from 0 to 65535').default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres|postgresql|sqlite|file):/.test(v) || v.endsWith('.sqlite') || v.endsWith('.db'), {
      message: 'must start with postgres:// or sqlite:',
    })
    .optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().optional(),
  SMS_WEBHOOK_URL: z.url().optional(),
  ADMIN_URL: z.url().optional(),
  REGISTRATION: z.enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' }).default('open'),
  MEDIA_STORAGE: z.string().default('local'),
  FFMPEG_PATH: z.string().optional(),
  MAX_AUDIO_BYTES: bytes(120 * MB),
  MAX_PHOTO_BYTES: bytes(40 * MB),
  MAX_VIDEO_BYTES: bytes(2048 * MB),
  MAX_AVATAR_BYTES: bytes(10 * MB),
  USER_QUOTA_BYTES: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be a positive whole number of bytes').optional(),
  UPLOAD_STAGING_BYTES: bytes(20 * 1024 * MB),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  SHUTDOWN_GRACE_S: wholeNumber(0, 3600, 'must be a whole number of seconds from 0 to 3600').default(30),
  OUT_DIR: z.string().default('./out'),
  SERVE_WEB: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  RUN_JOBS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  JOB_LEASE_SECONDS: wholeNumber(3, 3600, 'must be a whole number of seconds from 3 to 3600').default(15),
  REAUTH_WINDOW_S: wholeNumber(1, 86400, 'must be a whole number of seconds from 1 to 86400').default(30 * 60),
  METRICS_PORT: wholeNumber(1, 65535, 'must be a whole number from 1 to 65535').optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WEB_CONCURRENCY: wholeNumber(1, 64, 'must be a whole number of processes from 1 to 64').default(1),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[\d.:a-fA-F/]+(,\s*[\d.:a-fA-F/]+)*)$/, 'must be true, false, a hop count or a list of proxy addresses')
    .optional(),
  VKID_CLIENT_ID: z.string().max(256).optional(),
  VKID_CLIENT_SECRET: z.string().max(1024).optional(),
  VKID_AUTHORIZE_URL: z.url().default('https://id.vk.com/authorize'),
  VKID_TOKEN_URL: z.url().default('https://id.vk.com/oauth2/auth'),
  VKID_USERINFO_URL: z.url().default('https://id.vk.com/oauth2/user_info'),
  YANDEX_CLIENT_ID: z.string().max(256).optional(),
  YANDEX_CLIENT_SECRET: z.string().max(1024).optional(),
  YANDEX_AUTHORIZE_URL: z.url().default('https://oauth.yandex.ru/authorize'),
  YANDEX_TOKEN_URL: z.url().default('https://oauth.yandex.ru/token'),
  YANDEX_USERINFO_URL: z.url().default('https://login.yandex.ru/info'),
});

/** Every variable the configuration reads (.env.example lists each with its default; a test keeps them in step). */
export const CONFIG_VARIABLES = [
  ...Object.keys(envSchema.shape),
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_REGION',
  // Read with MEDIA_STORAGE (media-storage-setting.ts).
  'S3_CONNECT_TIMEOUT_SECONDS',
  'S3_TIMEOUT_SECONDS',
];

/** Sign-in through an OAuth 2.0 provider (VK ID, Yandex ID): the app's keys there and its endpoints. */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  secretKey: string;
  publicUrl: string;
  smtpUrl?: string;
  smtpFrom: string;
  smsWebhookUrl?: string;
  adminUrl?: string;
  /** Who may sign up (REGISTRATION): the admin area's stored setting wins over it (admin/settings.ts). */
  registration: 'open' | 'invite' | 'closed';
  /** Where media bytes live: DATA_DIR/media, or a bucket (see media-storage-setting.ts). */
  mediaStorage: MediaStorageSetting;
  ffmpegPath?: string;
  limits: Record<MediaKind, number> & { avatar: number };
  /** The most bytes one user's media may take up (originals plus the files made from them, trash included); null: no quota. */
  userQuotaBytes: number | null;
  /**
   * The most bytes unfinished resumable uploads of all users together may announce (their declared
   * lengths): a new one past it is refused until others finish or expire.
   */
  uploadStagingBytes: number;
  logLevel: string;
  /** LOG_FORMAT: pretty or JSON lines; null: pretty on a terminal, JSON otherwise (log/logger.ts). */
  logFormat: 'pretty' | 'json' | null;
  /** SHUTDOWN_GRACE_S in ms: how long a SIGTERM waits for the requests under way before it cuts them. */
  shutdownGraceMs: number;
  outDir: string;
  /** false: a reverse proxy serves the static export; this process answers /api/, /media/ and /admin only. */
  serveWeb: boolean;
  /** false: this API process runs no jobs (processing, clean-ups); `npm run worker` processes do. */
  runJobs: boolean;
  /**
   * How many processes `npm start` serves the port with (node:cluster; 1: the process itself). One by
   * default: on SQLite every write takes the one file lock, so more processes add waiting, not writes.
   */
  webConcurrency: number;
  /** Where Prometheus reads this process's figures (GET /metrics on METRICS_HOST); null: no metrics listener. */
  metricsPort: number | null;
  /**
   * The interface the metrics listener binds: 127.0.0.1 unless set, apart from HOST, so that an app open to
   * the network (HOST=0.0.0.0) does not open its figures too.
   */
  metricsHost: string;
  /** How long a job's claim lasts unrenewed (a dead process's job is taken over after it), and how often it is renewed. */
  jobLease: Lease;
  /**
   * How long a sign-in or a re-confirmation counts as recent (30 minutes): the changes to the ways in, exports
   * and share links that never expire or cover an album need one within it. Only tests shorten it.
   */
  reauthWindowMs: number;
  /** Fastify's trustProxy: whose X-Forwarded-* to believe (client IPs feed the throttles). Off by default. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** The sign-in providers an operator has switched on (both the id and the secret set); null: its button is not available. */
  oauth: { vkid: OAuthProviderConfig | null; yandex: OAuthProviderConfig | null };
}

export class ConfigError extends Error {}

/**
 * Turns the environment into a typed config. Throws ConfigError with one line naming the variable.
 * `signs: false` (`npm run migrate`, which signs nothing): SECRET_KEY is neither required nor generated.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { signs?: boolean } = {}): Config {
  const signs = opts.signs ?? true;
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  let mediaStorage: MediaStorageSetting;
  try {
    mediaStorage = parseMediaStorage(e.MEDIA_STORAGE, cleaned);
  } catch (err) {
    if (err instanceof MediaStorageSettingError) throw new ConfigError(`Invalid ${err.variable}: ${err.message}`);
    throw err;
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let database: Config['database'];
  if (!e.DATABASE_URL) database = { dialect: 'sqlite', file: path.join(dataDir, 'kopilka.sqlite') };
  else if (/^postgres(ql)?:/.test(e.DATABASE_URL)) database = { dialect: 'postgres', url: e.DATABASE_URL };
  else database = { dialect: 'sqlite', file: path.resolve(e.DATABASE_URL.replace(/^(sqlite|file):(\/\/)?/, '')) };
  // Processes that share a database or a bucket must sign and verify with one key: a key each
  // process generated for itself would refuse the others' tokens and media URLs.
  if (signs && !e.SECRET_KEY && (database.dialect === 'postgres' || mediaStorage.kind === 's3')) {
    const shared = database.dialect === 'postgres' ? 'PostgreSQL' : 'S3 media storage';
    throw new ConfigError(
      `Missing SECRET_KEY: required with ${shared}, so that every API process signs and verifies tokens and media URLs with the same key (at least 32 characters)`,
    );
  }
  const secretKey = usableDataDir(dataDir, () => e.SECRET_KEY ?? (signs ? loadOrCreateSecret(dataDir) : ''));

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    secretKey,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? 'Копилка <no-reply@localhost>',
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    adminUrl: e.ADMIN_URL,
    registration: e.REGISTRATION,
    mediaStorage,
    ffmpegPath: e.FFMPEG_PATH,
    limits: { audio: e.MAX_AUDIO_BYTES, photo: e.MAX_PHOTO_BYTES, video: e.MAX_VIDEO_BYTES, avatar: e.MAX_AVATAR_BYTES },
    userQuotaBytes: e.USER_QUOTA_BYTES ?? null,
    uploadStagingBytes: e.UPLOAD_STAGING_BYTES,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? null,
    shutdownGraceMs: e.SHUTDOWN_GRACE_S * 1000,
    outDir: path.resolve(e.OUT_DIR),
    serveWeb: e.SERVE_WEB === 'true',
    runJobs: e.RUN_JOBS === 'true',
    jobLease: leaseOf(e.JOB_LEASE_SECONDS),
    reauthWindowMs: e.REAUTH_WINDOW_S * 1000,
    webConcurrency: e.WEB_CONCURRENCY,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    oauth: {
      vkid: oauthProvider('VKID', e.VKID_CLIENT_ID, e.VKID_CLIENT_SECRET, {
        authorizeUrl: e.VKID_AUTHORIZE_URL,
        tokenUrl: e.VKID_TOKEN_URL,
        userInfoUrl: e.VKID_USERINFO_URL,
      }),
      yandex: oauthProvider('YANDEX', e.YANDEX_CLIENT_ID, e.YANDEX_CLIENT_SECRET, {
        authorizeUrl: e.YANDEX_AUTHORIZE_URL,
        tokenUrl: e.YANDEX_TOKEN_URL,
        userInfoUrl: e.YANDEX_USERINFO_URL,
      }),
    },
  };
}

/** A provider is on when both its id and its secret are set; one without the other is a mistake said at start. */
function oauthProvider(
  prefix: string,
  clientId: string | undefined,
  clientSecret: string | undefined,
  endpoints: Pick<OAuthProviderConfig, 'authorizeUrl' | 'tokenUrl' | 'userInfoUrl'>,
): OAuthProviderConfig | null {
  if (!clientId && !clientSecret) return null;
  if (!clientId) throw new ConfigError(`Missing ${prefix}_CLIENT_ID: required with ${prefix}_CLIENT_SECRET`);
  if (!clientSecret) throw new ConfigError(`Missing ${prefix}_CLIENT_SECRET: required with ${prefix}_CLIENT_ID`);
  return { clientId, clientSecret, ...endpoints };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops; // trust the first `hops` proxies from the front
  }
  return value;
}

/**
 * Makes DATA_DIR, checks this process may write there, and runs `then` (which may write the secret key): a
 * folder it cannot write (a bind mount owned by root, given to the image's user 1000; a read-only disk) stops
 * the start with one line naming the folder and the fix, instead of an EACCES from deep inside.
 */
function usableDataDir<T>(dataDir: string, then: () => T): T {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    return then();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') throw err;
    const uid = process.getuid?.() ?? 0;
    const gid = process.getgid?.() ?? 0;
    throw new ConfigError(
      code === 'EROFS'
        ? `DATA_DIR ${dataDir} is on a read-only file system (EROFS): give DATA_DIR a writable folder or volume`
        : `DATA_DIR ${dataDir} is not writable by this process (uid ${uid}, gid ${gid}; ${code}): make it this user's, e.g. chown -R ${uid}:${gid} ${dataDir} (in a container: the host folder mounted there)`,
    );
  }
}

/** A generated SECRET_KEY is kept in DATA_DIR so tokens and signed URLs survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
