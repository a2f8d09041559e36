import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { tempDir } from '../support/media-fixtures.ts';

/** Environment → typed config: defaults, the kept secret, and one clear line per bad variable. */
describe('loadConfig', () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await tempDir('kopilka-config-');
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('needs nothing but a place for data: every other variable has a default', async () => {
    const dir = await dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.resolve(dir));
    expect(c.database).toEqual({ dialect: 'sqlite', file: path.join(path.resolve(dir), 'kopilka.sqlite') });
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.smsWebhookUrl).toBeUndefined();
    expect(c.adminUrl).toBeUndefined();
    expect(c.mediaStorage).toEqual({ kind: 'local' });
    expect(c.outDir).toBe(path.resolve('./out'));
    expect(c.limits.audio).toBeGreaterThan(0);
    expect(c.userQuotaBytes).toBeNull();
    expect(c.webConcurrency).toBe(1);
    expect(c.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(c.logFormat).toBeNull();
    expect(c.shutdownGraceMs).toBe(30_000);
  });

  it('reads LOG_FORMAT and SHUTDOWN_GRACE_S', async () => {
    const c = loadConfig({ DATA_DIR: await dataDir(), LOG_FORMAT: 'json', SHUTDOWN_GRACE_S: '5' });
    expect(c.logFormat).toBe('json');
    expect(c.shutdownGraceMs).toBe(5_000);
  });

  it('treats empty variables as unset', async () => {
    const c = loadConfig({ DATA_DIR: await dataDir(), PORT: '', SMTP_URL: '', DATABASE_URL: '' });
    expect(c.port).toBe(3000);
    expect(c.smtpUrl).toBeUndefined();
    expect(c.database.dialect).toBe('sqlite');
  });

  it('generates SECRET_KEY once and keeps it in DATA_DIR/secret_key across starts', async () => {
    const dir = await dataDir();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    const file = path.join(dir, 'secret_key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by the owner only
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first);
    expect(loadConfig({ DATA_DIR: await dataDir() }).secretKey).not.toBe(first);
  });

  it('prefers a given SECRET_KEY and writes none', async () => {
    const dir = await dataDir();
    const key = 'k'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: key }).secretKey).toBe(key);
    expect(() => statSync(path.join(dir, 'secret_key'))).toThrow();
  });

  it('reads PostgreSQL and SQLite URLs, PUBLIC_URL without its trailing slash', async () => {
    const dir = await dataDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@db:5432/k', SECRET_KEY: 'k'.repeat(32) }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u:p@db:5432/k',
    });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/x.db` }).database).toEqual({ dialect: 'sqlite', file: `${dir}/x.db` });
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://kopilka.example/' }).publicUrl).toBe('https://kopilka.example');
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('reads USER_QUOTA_BYTES as the bytes each user may take up', async () => {
    expect(loadConfig({ DATA_DIR: await dataDir(), USER_QUOTA_BYTES: '1073741824' }).userQuotaBytes).toBe(1073741824);
  });

  it('reads UPLOAD_STAGING_BYTES as the bytes all unfinished uploads may declare, 20 GiB unless set', async () => {
    const dir = await dataDir();
    expect(loadConfig({ DATA_DIR: dir }).uploadStagingBytes).toBe(20 * 1024 ** 3);
    expect(loadConfig({ DATA_DIR: dir, UPLOAD_STAGING_BYTES: '5000000' }).uploadStagingBytes).toBe(5_000_000);
  });

  it('reads WEB_CONCURRENCY as the number of processes npm start serves with', async () => {
    expect(loadConfig({ DATA_DIR: await dataDir(), WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2);
  });

  const bad: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://user:pass@localhost/kopilka'],
    ['SMTP_URL', 'http://x'],
    ['MEDIA_STORAGE', 'ftp'],
    ['MEDIA_STORAGE', 's3://'],
    ['MEDIA_STORAGE', 's3://Not_A_Bucket/media'],
    ['MEDIA_STORAGE', 's3://media/../x'],
    ['MEDIA_STORAGE', 's3://media?endpoint=ftp://minio:9000'],
    ['MEDIA_STORAGE', 's3://media?path_style=yes'],
    ['MEDIA_STORAGE', 's3://media?regoin=eu-central-1'],
    ['MEDIA_STORAGE', 's3://key:secret@media'],
    ['SECRET_KEY', 'short'],
    ['PUBLIC_URL', 'not a url'],
    ['MAX_AUDIO_BYTES', '-1'],
    ['USER_QUOTA_BYTES', '0'],
    ['USER_QUOTA_BYTES', '1GB'],
    ['UPLOAD_STAGING_BYTES', '0'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'yaml'],
    ['SHUTDOWN_GRACE_S', '-1'],
    ['SHUTDOWN_GRACE_S', '30s'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'max'],
  ];
  it.each(bad)('refuses %s=%s with a ConfigError of one line naming the variable', async (name, value) => {
    const dir = await dataDir();
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/[\r\n]/);
    expect(message).toContain(name);
    // The value may be a secret (SECRET_KEY, passwords in URLs): the line never repeats it.
    if (name === 'SECRET_KEY' || name === 'DATABASE_URL' || name === 'MEDIA_STORAGE') expect(message).not.toContain(value);
  });

  it('says what a good value looks like', async () => {
    expect(() => loadConfig({ DATA_DIR: 'unused', PORT: 'abc' })).toThrow('Invalid PORT: must be a whole number from 0 to 65535');
    expect(() => loadConfig({ DATA_DIR: 'unused', MAX_VIDEO_BYTES: '1.5' })).toThrow(
      'Invalid MAX_VIDEO_BYTES: must be a positive whole number of bytes',
    );
  });

  it('names only the first bad variable when several are wrong', async () => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: await dataDir(), PORT: 'abc', SMTP_URL: 'http://x' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toMatch(/[\r\n]/);
    expect(['PORT', 'SMTP_URL'].filter((name) => message.includes(name))).toHaveLength(1);
  });

  const s3Keys = {
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    SECRET_KEY: 'k'.repeat(40),
  };

  it('reads an S3 bucket: prefix, endpoint, region and path style, with the keys from AWS_* variables', async () => {
    const c = loadConfig({
      DATA_DIR: await dataDir(),
      MEDIA_STORAGE: 's3://kopilka-media/family/photos/?endpoint=http://127.0.0.1:9000&region=eu-central-1&path_style=true',
      ...s3Keys,
      AWS_SESSION_TOKEN: 'session',
    });
    expect(c.mediaStorage).toEqual({
      kind: 's3',
      bucket: 'kopilka-media',
      prefix: 'family/photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3Keys.AWS_ACCESS_KEY_ID, secretAccessKey: s3Keys.AWS_SECRET_ACCESS_KEY, sessionToken: 'session' },
      timeouts: { connectMs: 5_000, idleMs: 15_000 },
    });
  });

  it('bounds every request to the bucket in time: S3_CONNECT_TIMEOUT_SECONDS and S3_TIMEOUT_SECONDS, checked', async () => {
    const dir = await dataDir();
    const s3 = { DATA_DIR: dir, MEDIA_STORAGE: 's3://kopilka-media', ...s3Keys };
    expect(loadConfig({ ...s3, S3_CONNECT_TIMEOUT_SECONDS: '2', S3_TIMEOUT_SECONDS: '0.5' }).mediaStorage).toMatchObject({
      timeouts: { connectMs: 2_000, idleMs: 500 },
    });
    for (const [variable, value] of [
      ['S3_TIMEOUT_SECONDS', '0'],
      ['S3_TIMEOUT_SECONDS', 'soon'],
      ['S3_CONNECT_TIMEOUT_SECONDS', '-1'],
      ['S3_CONNECT_TIMEOUT_SECONDS', '7200'],
    ] as const) {
      expect(() => loadConfig({ ...s3, [variable]: value })).toThrow(
        new ConfigError(`Invalid ${variable}: must be a number of seconds above 0, at most 3600`),
      );
    }
  });

  it('takes AWS defaults for what the S3 URL leaves out: the bucket root, AWS itself, AWS_REGION or us-east-1, virtual-host style', async () => {
    const dir = await dataDir();
    expect(loadConfig({ DATA_DIR: dir, MEDIA_STORAGE: 's3://kopilka-media', ...s3Keys }).mediaStorage).toMatchObject({
      bucket: 'kopilka-media',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ DATA_DIR: dir, MEDIA_STORAGE: 's3://kopilka-media', AWS_REGION: 'eu-north-1', ...s3Keys }).mediaStorage,
    ).toMatchObject({
      region: 'eu-north-1',
    });
  });

  it.each(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'])('refuses S3 storage without %s, naming it', async (missing) => {
    const env: Record<string, string> = { DATA_DIR: await dataDir(), MEDIA_STORAGE: 's3://kopilka-media', ...s3Keys };
    delete env[missing];
    expect(() => loadConfig(env)).toThrow(new ConfigError(`Invalid ${missing}: required with s3:// media storage`));
  });

  it.each([
    ['PostgreSQL', { DATABASE_URL: 'postgres://u:p@db:5432/k' }],
    ['S3 media storage', { MEDIA_STORAGE: 's3://kopilka-media', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' }],
  ])('requires SECRET_KEY with %s, in one line, and generates none', async (shared, env) => {
    const dir = await dataDir();
    let message = '';
    try {
      loadConfig({ DATA_DIR: dir, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Missing SECRET_KEY: required with ${shared}, `));
    expect(message).not.toMatch(/[\r\n]/);
    expect(() => statSync(path.join(dir, 'secret_key'))).toThrow();
  });

  it('needs no SECRET_KEY for migrating alone (npm run migrate signs nothing), and writes none', async () => {
    const dir = await dataDir();
    const c = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@db:5432/k' }, { signs: false });
    expect(c.database.dialect).toBe('postgres');
    expect(() => statSync(path.join(dir, 'secret_key'))).toThrow();
  });
});
