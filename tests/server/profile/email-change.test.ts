import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { codeIn, post, signedInUser } from '../support/auth.ts';
import { takenFieldsOf } from '../../../contract/errors.ts';

const BAD_CODE = { detail: 'Неверный или просроченный код' };

describe('e-mail change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const freshAddress = () => `new-${++n}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const ask = (access: string, body: unknown) => post(t, '/api/auth/change-email/', body, { token: access });
  const confirm = (access: string, code: unknown) => post(t, '/api/auth/change-email/confirm/', { code }, { token: access });
  const login = (email: string, password: string) => post(t, '/api/auth/login/', { email, password });
  const storedEmail = async (id: number) =>
    (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  it('sends a code to the new address; the old address stays in force until the code comes back, then the old one is told', async () => {
    const u = await signedInUser(t);
    const next = freshAddress();
    const asked = await ask(u.access, { new_email: `  ${next.toUpperCase()} `, password: u.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ detail: 'Код подтверждения отправлен на новый адрес' });
    const letter = t.mailer.last(next)!;
    expect(letter.subject).toBe('Копилка: код подтверждения нового адреса');

    // Until confirmed: the old address signs in, the new one does not.
    expect(await storedEmail(u.id)).toBe(u.email);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect((await login(next, u.password)).statusCode).toBe(401);

    const res = await confirm(u.access, codeIn(letter.text));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, email: next, is_email_verified: true });
    expect(await storedEmail(u.id)).toBe(next);
    expect((await login(next, u.password)).statusCode).toBe(200);
    expect((await login(u.email, u.password)).statusCode).toBe(401);

    const notice = t.mailer.last(u.email)!;
    expect(notice.subject).toBe('Копилка: адрес эл. почты изменён');
    expect(notice.text).toContain(`${next[0]}***@example.org`);
    expect(notice.text).not.toContain(next);
  });

  it('refuses a wrong password with a field error and sends nothing', async () => {
    const u = await signedInUser(t);
    const next = freshAddress();
    const res = await ask(u.access, { new_email: next, password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ['Неверный пароль'] });
    expect(t.mailer.last(next)).toBeUndefined();
  });

  it('refuses an address that belongs to another account, the current address and a malformed one', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const taken = await ask(u.access, { new_email: other.email, password: u.password });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ new_email: ['user with this email already exists.'], code: 'unique' });
    expect(takenFieldsOf(taken.json())).toEqual(['new_email']);

    const same = await ask(u.access, { new_email: u.email, password: u.password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ new_email: ['Это ваш текущий адрес'] });

    const malformed = await ask(u.access, { new_email: 'not-an-address', password: u.password });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ new_email: ['Введите корректный email'] });

    const missing = await ask(u.access, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['new_email', 'password']);
  });

  it('refuses a wrong code, and the right code once it is 10 minutes old', async () => {
    const u = await signedInUser(t);
    const next = freshAddress();
    await ask(u.access, { new_email: next, password: u.password });
    const code = codeIn(t.mailer.last(next)?.text);
    const wrong = code === '000000' ? '111111' : '000000';

    const res = await confirm(u.access, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_CODE);
    const shape = await confirm(u.access, '12ab');
    expect(shape.json()).toEqual({ code: ['Код должен состоять из 6 цифр'] });

    t.clock.advance(10 * 60 * 1000 + 1000);
    const late = await confirm(u.access, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(BAD_CODE);
    expect(await storedEmail(u.id)).toBe(u.email);
  });

  it('kills the code after 5 wrong tries', async () => {
    const u = await signedInUser(t);
    const next = freshAddress();
    await ask(u.access, { new_email: next, password: u.password });
    const code = codeIn(t.mailer.last(next)?.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(u.access, wrong)).statusCode).toBe(400);
    expect((await confirm(u.access, code)).json()).toEqual(BAD_CODE);
    expect(await storedEmail(u.id)).toBe(u.email);
  });

  it('confirms only the newest address asked for', async () => {
    const u = await signedInUser(t);
    const first = freshAddress();
    const second = freshAddress();
    await ask(u.access, { new_email: first, password: u.password });
    const firstCode = codeIn(t.mailer.last(first)?.text);
    await ask(u.access, { new_email: second, password: u.password });
    const secondCode = codeIn(t.mailer.last(second)?.text);
    if (firstCode !== secondCode) expect((await confirm(u.access, firstCode)).statusCode).toBe(400);
    expect((await confirm(u.access, secondCode)).statusCode).toBe(200);
    expect(await storedEmail(u.id)).toBe(second);
  });

  it('refuses the confirmation when the new address was taken by a sign-up meanwhile, and keeps the old one', async () => {
    const u = await signedInUser(t);
    const next = freshAddress();
    await ask(u.access, { new_email: next, password: u.password });
    const code = codeIn(t.mailer.last(next)?.text);
    await signedInUser(t, { email: next });
    const res = await confirm(u.access, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_email: ['user with this email already exists.'], code: 'unique' });
    expect(await storedEmail(u.id)).toBe(u.email);
  });

  it('sends a new code to one address at most once a minute', async () => {
    const u = await signedInUser(t);
    const next = freshAddress();
    expect((await ask(u.access, { new_email: next, password: u.password })).statusCode).toBe(200);
    const again = await ask(u.access, { new_email: next, password: u.password });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('needs a signed-in user', async () => {
    expect((await post(t, '/api/auth/change-email/', { new_email: freshAddress(), password: 'x' })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/change-email/confirm/', { code: '123456' })).statusCode).toBe(401);
  });
});
