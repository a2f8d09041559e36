import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '../../../contract/account.ts';
import { audioRecordSchema, usageSchema } from '../../../contract/media.ts';
import { runAdmin } from '../../../server/admin/commands.ts';
import { createDb } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { bodyOf } from '../support/inject-json.ts';
import { newUserBody, PASSWORD, post, signedInUser } from '../support/auth.ts';
import { tusClient } from '../support/tus.ts';
import { audioFixtures, insertConfirmedUser, multipart, tempDir } from '../support/media-fixtures.ts';
import { processed, settle } from '../support/processing.ts';
import { storedFiles } from '../support/test-storage.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { systemClock } from '../../../server/clock.ts';
import { root } from '../../support/processes.ts';

describe('npm run admin', () => {
  let t: TestApp;
  let wav: Buffer;

  /** Runs one command against the test app's database, storage and services; its exit code and what it printed. */
  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, {
      db: t.db,
      storage: t.storage,
      config: t.config,
      clock: t.clock,
      profile: t.services.profile,
      sessions: t.services.sessionList,
      admin: t.services.admin,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const json = async <T>(...argv: string[]): Promise<T> => {
    const res = await admin(...argv, '--json');
    expect(res.code, res.err).toBe(0);
    return JSON.parse(res.out) as T;
  };
  const profile = (access: string) => t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${access}` } });
  const upload = async (access: string, data: Buffer) => {
    const body = multipart({ title: 'Запись' }, { field: 'audio_file', filename: 'a.wav', contentType: 'audio/wav', data });
    return t.app.inject({
      method: 'POST',
      url: '/api/media/audio/',
      headers: { authorization: `Bearer ${access}`, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { USER_QUOTA_BYTES: String(50 * 1024 * 1024) } });
    wav = readFileSync((await audioFixtures(await tempDir(), 1)).wav);
  });
  afterAll(() => t.close());

  it('lists and shows accounts: state, files, space used, quota, live sessions', async () => {
    const anna = await signedInUser(t);
    const created = await upload(anna.access, wav);
    expect(created.statusCode, created.body).toBe(201);
    await processed(t, { headers: { authorization: `Bearer ${anna.access}` } }, 'audio', bodyOf(created, audioRecordSchema).id);

    const users = await json<
      { email: string; state: string; files: number; used_bytes: number; quota_bytes: number | null; live_sessions: number }[]
    >('users', 'list');
    const row = users.find((u) => u.email === anna.email)!;
    expect(row).toMatchObject({ state: 'active', files: 1, quota_bytes: null, live_sessions: 1 });
    expect(row.used_bytes).toBeGreaterThan(wav.length); // the original and its MP3

    const text = await admin('users', 'list');
    expect(text.code).toBe(0);
    expect(text.out.split('\n')[0]).toMatch(/^ID\s+E-MAIL\s+NAME\s+STATE\s+FILES\s+USED\s+QUOTA\s+SESSIONS\s+CREATED$/);
    expect(text.out).toContain(anna.email);
    expect(text.out).toContain('50 MiB (USER_QUOTA_BYTES)');

    const shown = await admin('users', 'show', anna.email.toUpperCase());
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^state\s+active$/m);
    expect(shown.out).toMatch(/^two-step sign-in\s+off$/m);
    expect(shown.out).toMatch(/^\s+audio\s+1, /m);
    expect(await json<{ by_kind: { kind: string; items: number }[] }>('users', 'show', anna.email)).toMatchObject({
      by_kind: [{ kind: 'audio', items: 1 }],
    });

    const missing = await admin('users', 'show', 'nobody@example.com');
    expect(missing).toMatchObject({ code: 1, err: 'admin: no account with the e-mail nobody@example.com' });
  });

  it('prints names and e-mails with control characters escaped (no escape sequence reaches the terminal)', async () => {
    const anna = await signedInUser(t);
    // What a hostile account could have put in its name: OSC 52 (writes the clipboard), a cursor move, C1's
    // CSI, DEL, a right-to-left override and an isolate, a line break that would forge a row.
    const first = 'Анна\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2A';
    const last = 'Ко\u009b31m\u007fва\u202eanm\u2066\nevil@example.com  active';
    await t.db.updateTable('users').set({ first_name: first, last_name: last }).where('id', '=', anna.id).execute();
    const hostile = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
    const escapedName = 'Анна\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u001b[2A Ко\\u009b31m\\u007fва\\u202eanm\\u2066\\nevil@example.com  active';

    const list = await admin('users', 'list');
    expect(list.code, list.err).toBe(0);
    for (const line of list.out.split('\n')) expect(line).not.toMatch(hostile);
    expect(list.out).toContain(escapedName);
    // An e-mail stored with a control character (written straight into the database) is escaped as well.
    const odd = `odd\u202e\u001b[8m${anna.id}@example.com`;
    const boris = await signedInUser(t);
    await t.db.updateTable('users').set({ email: odd }).where('id', '=', boris.id).execute();
    const again = await admin('users', 'list');
    for (const line of again.out.split('\n')) expect(line).not.toMatch(hostile);
    expect(again.out).toContain(`odd\\u202e\\u001b[8m${anna.id}@example.com`);

    const shown = await admin('users', 'show', anna.email);
    for (const line of shown.out.split('\n')) expect(line).not.toMatch(hostile);
    expect(shown.out).toMatch(new RegExp(`^name\\s+${escapedName.replace(/[\\[\]^$.*+?()|{}]/g, '\\$&')}$`, 'm'));

    // JSON stays JSON, and reads back as the name stored; only the terminal never sees the raw characters.
    for (const argv of [
      ['users', 'list'],
      ['users', 'show', anna.email],
    ]) {
      const res = await admin(...argv, '--json');
      expect(res.out.replaceAll('\n', '')).not.toMatch(hostile);
      const parsed = JSON.parse(res.out) as
        { id: number; first_name: string; last_name: string } | { id: number; first_name: string; last_name: string }[];
      const row = Array.isArray(parsed) ? parsed.find((u) => u.id === anna.id)! : parsed;
      expect(row).toMatchObject({ first_name: first, last_name: last });
    }
  });

  it('disables an account (sign-in refused, every session ended, files kept) and enables it again', async () => {
    const anna = await signedInUser(t);
    const res = await admin('users', 'disable', anna.email);
    expect(res.code, res.err).toBe(0);
    expect(res.out).toBe(`${anna.email}: disabled (sign-in refused), 1 session(s) ended; the files stay.`);
    expect((await profile(anna.access)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/token/refresh/', { refresh: anna.refresh })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await json<{ state: string }>('users', 'show', anna.email)).state).toBe('disabled');

    expect((await admin('users', 'enable', anna.email)).code).toBe(0);
    const login = await post(t, '/api/auth/login/', { email: anna.email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect((await profile(bodyOf(login, loginAnswerSchema).access)).statusCode).toBe(200);
  });

  it('ends every session of an account', async () => {
    const anna = await signedInUser(t);
    const second = bodyOf(await post(t, '/api/auth/login/', { email: anna.email, password: PASSWORD }), loginAnswerSchema).access;
    const res = await admin('sessions', 'end', anna.email);
    expect(res.out).toBe(`${anna.email}: 2 session(s) ended.`);
    expect((await profile(anna.access)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('sets an account’s own quota, which the usage shows and uploads obey, and clears it back to USER_QUOTA_BYTES', async () => {
    const anna = await signedInUser(t);
    const usage = async () =>
      bodyOf(await t.app.inject({ url: '/api/media/usage/', headers: { authorization: `Bearer ${anna.access}` } }), usageSchema);
    expect((await usage()).quota_bytes).toBe(50 * 1024 * 1024);

    expect((await admin('users', 'set-quota', anna.email, '1000')).out).toBe(`${anna.email}: quota 1000 B.`);
    expect((await usage()).quota_bytes).toBe(1000);
    const refused = await upload(anna.access, wav);
    expect(refused.statusCode).toBe(413);

    expect((await admin('users', 'set-quota', anna.email, 'none')).out).toBe(`${anna.email}: quota 50 MiB (USER_QUOTA_BYTES).`);
    expect((await usage()).quota_bytes).toBe(50 * 1024 * 1024);
    expect((await upload(anna.access, wav)).statusCode).toBe(201);

    for (const bad of ['-5', '1.5', 'lots', '0']) {
      const res = await admin('users', 'set-quota', anna.email, bad);
      expect(res.code, bad).toBe(2);
      expect(res.err).toContain('the quota must be a positive whole number of bytes or a size like 500M, 10G, 1.5T, or none');
    }
  });

  it('deletes an account and, through the worker, every file of it', async () => {
    const anna = await signedInUser(t);
    const created = await upload(anna.access, wav);
    expect(created.statusCode).toBe(201);
    await processed(t, { headers: { authorization: `Bearer ${anna.access}` } }, 'audio', bodyOf(created, audioRecordSchema).id);
    expect((await storedFiles(t)).some((f) => f.startsWith(`u/${anna.id}/`))).toBe(true);

    const res = await admin('users', 'delete', anna.email);
    expect(res.code, res.err).toBe(0);
    expect((await profile(anna.access)).statusCode).toBe(401);
    expect((await admin('users', 'show', anna.email)).code).toBe(1);
    await settle(t);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`u/${anna.id}/`))).toEqual([]);
  });

  it('lists the job queue and runs a failed job again now, refusing a running or unknown one', async () => {
    await t.services.worker!.stop(); // the jobs below stay as the test leaves them
    const later = new Date(t.clock.now().getTime() + 10 * 60_000);
    const failed = await t.services.queue.enqueue({ kind: 'purge-files', payload: { keys: ['u/0/none'] }, runAfter: later });
    await t.db.updateTable('jobs').set({ last_error: 'EIO: i/o error', attempts: 3 }).where('id', '=', failed.id).execute();
    const held = await t.services.queue.hold({ kind: 'purge-files', payload: { keys: ['u/0/held'] } });

    const jobs = await json<{ id: number; kind: string; state: string; attempts: number; last_error: string | null }[]>('jobs', 'list');
    expect(jobs.find((j) => j.id === failed.id)).toMatchObject({
      kind: 'purge-files',
      state: 'failed',
      attempts: 3,
      last_error: 'EIO: i/o error',
    });
    expect(jobs.find((j) => j.id === held.id)).toMatchObject({ state: 'running' });
    const text = await admin('jobs', 'list');
    expect(text.out).toMatch(new RegExp(`^${failed.id}\\s+purge-files\\s+failed\\s+3\\s+—\\s+\\S+\\s+EIO: i/o error$`, 'm'));

    const retried = await admin('jobs', 'retry', String(failed.id));
    expect(retried.code, retried.err).toBe(0);
    const row = await t.db.selectFrom('jobs').selectAll().where('id', '=', failed.id).executeTakeFirstOrThrow();
    expect(row.run_after).toBe(t.clock.now().toISOString());
    expect(row.attempts).toBe(0);

    expect(await admin('jobs', 'retry', String(held.id))).toMatchObject({
      code: 1,
      err: `admin: job ${held.id} (purge-files) is running now`,
    });
    expect(await admin('jobs', 'retry', '999999')).toMatchObject({ code: 1, err: 'admin: no job 999999' });
    expect((await admin('jobs', 'retry', 'x')).code).toBe(2);
    await held.release();
  });

  it('storage check names what the reconciliation would remove, and removes nothing', async () => {
    const orphan = 'u/424242/audio/orphan.webm';
    await t.storage.put(orphan, Readable.from([Buffer.from('nobody names me')]));
    expect((await admin('storage', 'check')).out).toBe('Nothing to remove: every stored file is named by a row.'); // younger than an hour
    t.clock.advance(2 * 60 * 60 * 1000);
    const found = await json<{ objects: string[] }>('storage', 'check');
    expect(found.objects).toEqual([orphan]);
    const text = await admin('storage', 'check');
    expect(text.out).toContain(`1 stored file(s) no row names, untouched for an hour (the reconciliation removes them):\n  ${orphan}`);
    expect(await t.storage.stat(orphan)).not.toBeNull();
    await t.storage.delete(orphan);
  });

  const cliRows = async (action: string) =>
    t.db.selectFrom('admin_audit').selectAll().where('action', '=', action).where('actor_email', '=', 'cli').execute();

  it('users create: a confirmed account, staff with --staff, and a one-time link where its owner sets the password', async () => {
    const res = await admin('users', 'create', 'Vera@Example.com', '--staff', '--name', 'Вера Павловна Петрова');
    expect(res.code, res.err).toBe(0);
    const [said, link] = res.out.split('\n');
    expect(said).toBe(
      'vera@example.com: created as staff, e-mail confirmed. Hand this link to its owner to set the password (one use, 7 days):',
    );
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
    const shown = await json<{ state: string; is_staff: boolean; first_name: string; last_name: string }>(
      'users',
      'show',
      'vera@example.com',
    );
    expect(shown).toMatchObject({ state: 'active', is_staff: true, first_name: 'Вера', last_name: 'Павловна Петрова' });
    // Nobody can sign in before the owner sets a password; the link does it, once, within the week.
    expect((await post(t, '/api/auth/login/', { email: 'vera@example.com', password: '' })).statusCode).toBe(400);
    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    const token = new URL(link!).searchParams.get('token');
    const set = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'vera-password-1',
      new_password2: 'vera-password-1',
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await post(t, '/api/auth/login/', { email: 'vera@example.com', password: 'vera-password-1' });
    expect(login.json()).toMatchObject({ user: { is_staff: true } });
    expect(await cliRows('user.create')).toHaveLength(1);

    expect(await admin('users', 'create', 'vera@example.com')).toMatchObject({
      code: 1,
      err: 'admin: Пользователь с таким e-mail уже есть.',
    });
    expect((await admin('users', 'create', 'not-an-address')).code).toBe(2);
    expect((await admin('users', 'create', 'x@example.com', '--name')).code).toBe(2);
  });

  it('users staff on|off, reset-link, verify-email: each done and written to the audit log as cli', async () => {
    const anna = await signedInUser(t);
    expect((await admin('users', 'staff', anna.email, 'on')).out).toBe(`${anna.email}: staff (may use the admin area at /admin/).`);
    expect((await json<{ is_staff: boolean }>('users', 'show', anna.email)).is_staff).toBe(true);
    expect((await admin('users', 'staff', anna.email, 'off')).out).toBe(`${anna.email}: a member (no admin area).`);
    expect((await admin('users', 'staff', anna.email, 'maybe')).code).toBe(2);

    const reset = await admin('users', 'reset-link', anna.email);
    expect(reset.code, reset.err).toBe(0);
    const token = new URL(reset.out.split('\n')[1]!).searchParams.get('token');
    const set = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'another-pass-2',
      new_password2: 'another-pass-2',
    });
    expect(set.statusCode, set.body).toBe(200);

    await t.db.updateTable('users').set({ is_email_verified: 0 }).where('id', '=', anna.id).execute();
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: 'another-pass-2' })).statusCode).toBe(403);
    expect((await admin('users', 'verify-email', anna.email)).out).toBe(`${anna.email}: e-mail confirmed.`);
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: 'another-pass-2' })).statusCode).toBe(200);

    for (const action of ['user.staff', 'user.reset_link', 'user.verify_email']) {
      const rows = (await cliRows(action)).filter((r) => r.target === anna.email);
      expect(rows.length, action).toBeGreaterThan(0);
      expect(rows[0]).toMatchObject({ actor_id: null, target_id: anna.id, ip: null });
    }
  });

  it('users 2fa-off, passkeys-clear and uploads-cancel take away what locked the owner out', async () => {
    const anna = await signedInUser(t);
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto('two_factor')
      .values({ user_id: anna.id, secret: 'sealed', enabled_at: now, last_step: null, created_at: now })
      .execute();
    await t.db
      .insertInto('passkeys')
      .values({
        user_id: anna.id,
        credential_id: `cred-${anna.id}`,
        public_key: 'key',
        counter: 0,
        transports: '',
        user_handle: 'h',
        device_type: 'singleDevice',
        backed_up: 0,
        name: 'Ключ',
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('oauth_links')
      .values({ user_id: anna.id, provider: 'vkid', subject: `s${anna.id}`, email: null, created_at: now })
      .execute();
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: PASSWORD })).json()).toHaveProperty('mfa_required', true);

    const off = await admin('users', '2fa-off', anna.email);
    expect(off.out).toBe(`${anna.email}: two-step sign-in off (the password alone signs in); the owner is told by e-mail.`);
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: PASSWORD })).json()).toHaveProperty('access');
    const cleared = await admin('users', 'passkeys-clear', anna.email);
    expect(cleared.out).toBe(`${anna.email}: 1 passkey(s) and 1 provider link(s) removed; the owner is told by e-mail.`);
    expect(await t.db.selectFrom('passkeys').select('id').where('user_id', '=', anna.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('oauth_links').select('id').where('user_id', '=', anna.id).execute()).toEqual([]);

    const tus = tusClient(t.app);
    const created = await tus.create({ authorization: `Bearer ${anna.access}` }, 1000, { kind: 'audio', title: 'x', filename: 'x.wav' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin('users', 'uploads-cancel', anna.email)).out).toBe(`${anna.email}: 1 unfinished upload(s) cancelled.`);
    expect((await tus.head({ authorization: `Bearer ${anna.access}` }, created.headers.location!)).statusCode).toBe(404);
    expect(await cliRows('user.two_factor_off')).toHaveLength(1);
    expect(await cliRows('user.passkeys_clear')).toHaveLength(1);
    expect(await cliRows('user.uploads_cancel')).toHaveLength(1);
  });

  it('users set-quota takes sizes like 10G and 1.5T', async () => {
    const anna = await signedInUser(t);
    expect((await admin('users', 'set-quota', anna.email, '10G')).out).toBe(`${anna.email}: quota 10 GiB.`);
    expect((await json<{ quota_bytes: number }>('users', 'show', anna.email)).quota_bytes).toBe(10 * 1024 ** 3);
    expect((await admin('users', 'set-quota', anna.email, '1.5T')).out).toBe(`${anna.email}: quota 1.5 TiB.`);
    expect((await admin('users', 'set-quota', anna.email, '500MiB')).out).toBe(`${anna.email}: quota 500 MiB.`);
  });

  it('invites create, list and revoke; registration shows and switches who may sign up', async () => {
    const made = await admin('invites', 'create', 'Guest@Example.com');
    expect(made.code, made.err).toBe(0);
    const [said, link] = made.out.split('\n');
    expect(said).toMatch(/^invitation (\d+) for guest@example\.com \(e-mailed to it\): single use, until \S+\. The link \(shown once\):$/);
    expect(link).toMatch(/^http:\/\/localhost:3000\/register\/#invite=[\w-]{22}$/);
    expect(t.mailer.last('guest@example.com')!.text).toContain(link);
    const id = /^invitation (\d+)/.exec(said!)![1]!;
    const list = await admin('invites', 'list');
    expect(list.out).toMatch(new RegExp(`^${id}\\s+guest@example\\.com\\s+active\\s`, 'm'));
    expect((await admin('invites', 'revoke', id)).out).toBe(`invitation ${id}: revoked.`);
    expect((await json<{ id: number; state: string }[]>('invites', 'list')).find((i) => String(i.id) === id)?.state).toBe('revoked');
    expect((await admin('invites', 'revoke', id)).code).toBe(1);

    expect((await admin('registration')).out).toBe('registration: open (REGISTRATION; REGISTRATION is open).');
    expect((await admin('registration', 'closed')).out).toBe(
      'registration: closed (stored by the admin area or this command; REGISTRATION is open).',
    );
    const refused = await post(t, '/api/auth/register/', newUserBody());
    expect(refused.json()).toEqual({ detail: 'Регистрация закрыта. Обратитесь к администратору.' });
    expect((await admin('registration', 'sometimes')).code).toBe(2);
    await admin('registration', 'open');
    expect(await cliRows('settings.registration')).toHaveLength(2);
  });

  it('prints names and e-mails with their control characters escaped', async () => {
    const anna = await signedInUser(t, { first_name: 'Анна\u001b[2J\u202e' });
    const list = await admin('users', 'list');
    expect(list.out).not.toContain('\u001b');
    expect(list.out).toContain('Анна\\u001b[2J\\u202e');
    const shown = await admin('users', 'show', anna.email);
    expect(shown.out).toContain('Анна\\u001b[2J\\u202e');
  });

  it('answers an unknown or incomplete command with the usage and exit code 2', async () => {
    for (const argv of [[], ['users'], ['users', 'frobnicate'], ['users', 'show'], ['jobs', 'retry']]) {
      const res = await admin(...argv);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.err).toContain('Usage: npm run admin -- <command> [--json]');
    }
  });
});

describe('npm run admin, as a process', () => {
  it('works on the database of the environment, as the API processes do', async () => {
    const dataDir = await tempDir('kopilka-admin-');
    const db = createDb({ dialect: 'sqlite', file: path.join(dataDir, 'kopilka.sqlite') });
    await migrate(db);
    await insertConfirmedUser(db, 'x'.repeat(40), systemClock, 'boris');
    await db.destroy();
    const { DATABASE_URL: _pg, MEDIA_STORAGE: _s3, ...env } = process.env;
    const run = (...args: string[]) =>
      spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: root, env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' });
    const list = run('users', 'list', '--json');
    expect(list.status, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { email: string }[]).map((u) => u.email)).toEqual(['boris@example.com']);
    const disabled = run('users', 'disable', 'boris@example.com');
    expect(disabled.stdout.trim()).toBe('boris@example.com: disabled (sign-in refused), 1 session(s) ended; the files stay.');
  }, 120_000);
});
