/**
 * MEDIA_STORAGE: `local` (files under DATA_DIR/media), or an S3-compatible bucket as
 * `s3://BUCKET/PREFIX?endpoint=URL&region=R&path_style=true` (prefix, endpoint, region and path
 * style optional: AWS, MinIO, Ceph, R2 …). Credentials never sit in the URL: they come from
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN when the keys are temporary).
 */
export type MediaStorageSetting = { kind: 'local' } | S3Setting;

export interface S3Setting {
  kind: 's3';
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end ('' = the bucket's root). */
  prefix: string;
  /** Another S3-compatible server; unset = AWS. */
  endpoint?: string;
  region: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, Ceph and most self-hosted servers). */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /**
   * How long a request to the bucket may wait: for its connection (S3_CONNECT_TIMEOUT_SECONDS), and with no
   * byte moving either way once connected (S3_TIMEOUT_SECONDS). A bucket that does not answer within them
   * fails the request (503 to a client), rather than holding it for as long as the bucket stays silent.
   */
  timeouts: { connectMs: number; idleMs: number };
}

/** Default S3_CONNECT_TIMEOUT_SECONDS and S3_TIMEOUT_SECONDS. */
export const DEFAULT_S3_TIMEOUTS = { connectMs: 5_000, idleMs: 15_000 };

/** The setting is wrong; `variable` names the environment variable, `message` says what a good value is (never repeats it). */
export class MediaStorageSettingError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

const SHAPE = 'must be local or s3://bucket/prefix?endpoint=https://host&region=name&path_style=true';
const OPTIONS = ['endpoint', 'region', 'path_style'];
/** Bucket names of S3 and the S3-compatible servers: 3–63 lower-case letters, digits, dots and hyphens. */
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const DEFAULT_REGION = 'us-east-1';

export function parseMediaStorage(value: string, env: NodeJS.ProcessEnv): MediaStorageSetting {
  if (value === 'local') return { kind: 'local' };
  const fail = (message: string) => new MediaStorageSettingError('MEDIA_STORAGE', message);
  if (!value.startsWith('s3://')) throw fail(SHAPE);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail(SHAPE);
  }
  if (url.username || url.password) throw fail('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!BUCKET_RE.test(bucket)) throw fail('the bucket name must be 3 to 63 lower-case letters, digits, dots or hyphens');
  if (url.port) throw fail('the port belongs in endpoint=, not after the bucket name');
  // Read from the value as written: URL parsing would quietly resolve `..` away.
  const rawPath = value.slice('s3://'.length).split(/[?#]/, 1)[0]!.split('/').slice(1);
  let segments: string[];
  try {
    segments = rawPath.filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    throw fail('the prefix must be a plain path inside the bucket');
  }
  if (segments.some((s) => s === '.' || s === '..' || /[\\\0]/.test(s))) throw fail('the prefix must be a plain path inside the bucket');
  const prefix = segments.join('/');

  for (const name of url.searchParams.keys()) {
    if (!OPTIONS.includes(name)) throw fail(`unknown option ${JSON.stringify(name)} (known: ${OPTIONS.join(', ')})`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(endpoint)) {
    throw fail('endpoint= must be an http:// or https:// address');
  }
  const region = url.searchParams.get('region') ?? env.AWS_REGION ?? DEFAULT_REGION;
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw fail('region= must be a region name such as eu-central-1');
  const pathStyle = url.searchParams.get('path_style') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw fail('path_style= must be true or false');

  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId) throw new MediaStorageSettingError('AWS_ACCESS_KEY_ID', 'required with s3:// media storage');
  if (!secretAccessKey) throw new MediaStorageSettingError('AWS_SECRET_ACCESS_KEY', 'required with s3:// media storage');
  const seconds = (variable: string, fallbackMs: number) => {
    const raw = env[variable];
    if (raw === undefined || raw === '') return fallbackMs;
    if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0 || Number(raw) > 3600) {
      throw new MediaStorageSettingError(variable, 'must be a number of seconds above 0, at most 3600');
    }
    return Math.round(Number(raw) * 1000);
  };
  const timeouts = {
    connectMs: seconds('S3_CONNECT_TIMEOUT_SECONDS', DEFAULT_S3_TIMEOUTS.connectMs),
    idleMs: seconds('S3_TIMEOUT_SECONDS', DEFAULT_S3_TIMEOUTS.idleMs),
  };
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region,
    forcePathStyle: pathStyle === 'true',
    credentials: { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) },
    timeouts,
  };
}
