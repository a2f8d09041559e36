import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { tempDir } from './support/media-fixtures.ts';

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
    expect(c.mediaStorage).toBe('local');
    expect(c.outDir).toBe(path.resolve('./out'));
    expect(c.limits.audio).toBeGreaterThan(0);
    expect(c.userQuotaBytes).toBeNull();
    expect(c.secretKey.length).toBeGreaterThanOrEqual(32);
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
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@db:5432/k' }).database).toEqual({
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

  const bad: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://user:pass@localhost/kopilka'],
    ['SMTP_URL', 'http://x'],
    ['MEDIA_STORAGE', 'ftp'],
    ['MEDIA_STORAGE', 's3://bucket'], // valid syntax, not available in this build
    ['SECRET_KEY', 'short'],
    ['PUBLIC_URL', 'not a url'],
    ['MAX_AUDIO_BYTES', '-1'],
    ['USER_QUOTA_BYTES', '0'],
    ['USER_QUOTA_BYTES', '1GB'],
    ['LOG_LEVEL', 'loud'],
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
    if (name === 'SECRET_KEY' || name === 'DATABASE_URL') expect(message).not.toContain(value);
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
});
