import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoRecordSchema } from '../../../contract/media.ts';
import { bodyOf } from '../support/inject-json.ts';
import { createUser, multipart } from '../support/media-fixtures.ts';
import { connect, head, statuses } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A request refused before its body was read must not leave the keep-alive connection stuck: the
 * next request on the same socket gets its answer (the rest of the body is read and dropped), or,
 * for a body too big to be worth reading, the refusal says Connection: close and the socket closes.
 */
describe('a refused body on a keep-alive connection', () => {
  let t: TestApp;
  let port: number;
  let user: Awaited<ReturnType<typeof createUser>>;
  let photoId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_AVATAR_BYTES: String(256 * 1024), MAX_PHOTO_BYTES: String(512 * 1024) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    user = await createUser(t);
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const form = multipart({ title: 'есть' }, { field: 'file', filename: 'a.png', contentType: 'image/png', data: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/photo/',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    photoId = bodyOf(res, photoRecordSchema).id;
  });
  afterAll(() => t.close());

  const health = head('GET', '/api/health/', {});

  /**
   * Sends `first` (head and the whole body, as a client that does not wait for an early answer) and
   * then a health check on the same socket. The connection is not stuck when either the health check
   * is answered too, or the refusal said Connection: close and the server closed the socket.
   */
  async function twoRequests(first: { head: string; body: Buffer | string }): Promise<{ codes: number[]; outcome: string }> {
    const c = await connect(port);
    // Not awaited: a server that stops reading would never let these writes finish.
    void c.write(first.head);
    void c.write(first.body);
    void c.write(health);
    await c.waitFor(/\{"status":"ok"\}/, 15_000);
    const codes = statuses(c.received());
    const closedAsSaid = /^Connection: close\r$/im.test(c.received()) && (await c.waitClosed(5000));
    c.close();
    const outcome =
      codes.length === 2 && codes[1] === 200 ? 'answered' : codes.length === 1 && closedAsSaid ? 'closed as announced' : 'stuck';
    return { codes, outcome };
  }
  const notStuck = ['answered', 'closed as announced'];

  const multipartRequest = (method: string, path: string, fields: Record<string, string>, file: { field: string; size: number }) => {
    const form = multipart(fields, { field: file.field, filename: 'big.jpg', contentType: 'image/jpeg', data: randomBytes(file.size) });
    return { head: head(method, path, { ...user.headers, ...form.headers, 'Content-Length': form.payload.length }), body: form.payload };
  };

  it('does not leave the connection stuck after an avatar refused as too large (413)', async () => {
    const { codes, outcome } = await twoRequests(
      multipartRequest('POST', '/api/auth/profile/photo/', {}, { field: 'photo', size: 1024 * 1024 }),
    );
    expect(codes[0]).toBe(413);
    expect(notStuck).toContain(outcome);
  });

  it('does not leave the connection stuck after a media edit refused for a 1.5 MB stray file (413)', async () => {
    const { codes, outcome } = await twoRequests(
      multipartRequest('PATCH', `/api/media/photo/${photoId}/`, { title: 'новое' }, { field: 'file', size: 1536 * 1024 }),
    );
    expect(codes[0]).toBe(413);
    expect(notStuck).toContain(outcome);
  });

  it('does not leave the connection stuck after a media upload refused as too large (413)', async () => {
    const { codes, outcome } = await twoRequests(
      multipartRequest('POST', '/api/media/photo/', { title: 'большое' }, { field: 'file', size: 1024 * 1024 }),
    );
    expect(codes[0]).toBe(413);
    expect(notStuck).toContain(outcome);
  });

  it('does not leave the connection stuck after a media upload refused for its content type (415)', async () => {
    const body = randomBytes(2 * 1024 * 1024);
    const { codes, outcome } = await twoRequests({
      head: head('POST', '/api/media/photo/', {
        ...user.headers,
        'Content-Type': 'application/octet-stream',
        'Content-Length': body.length,
      }),
      body,
    });
    expect(codes[0]).toBe(415);
    expect(notStuck).toContain(outcome);
  });

  it('does not leave the connection stuck after an upload refused for a missing token (401)', async () => {
    const req = multipartRequest('POST', '/api/media/photo/', { title: 'чужое' }, { field: 'file', size: 2 * 1024 * 1024 });
    const { codes, outcome } = await twoRequests({ head: req.head.replace(/^Authorization: .*\r\n/im, ''), body: req.body });
    expect(codes[0]).toBe(401);
    expect(notStuck).toContain(outcome);
  });

  it('does not leave the connection stuck after a multipart profile edit refused (415)', async () => {
    const { codes, outcome } = await twoRequests(
      multipartRequest('PATCH', '/api/auth/profile/', { first_name: 'Анна' }, { field: 'photo', size: 1024 * 1024 }),
    );
    expect(codes[0]).toBe(415);
    expect(notStuck).toContain(outcome);
  });

  it('does not leave the connection stuck after a JSON body over the limit, with a length or chunked (413)', async () => {
    const json = Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1536 * 1024) }));
    const sized = await twoRequests({
      head: head('POST', '/api/auth/login/', { 'Content-Type': 'application/json', 'Content-Length': json.length }),
      body: json,
    });
    expect(sized.codes[0]).toBe(413);
    expect(notStuck).toContain(sized.outcome);
    const chunks = [json.subarray(0, 700_000), json.subarray(700_000)].map((p) =>
      Buffer.concat([Buffer.from(`${p.length.toString(16)}\r\n`), p, Buffer.from('\r\n')]),
    );
    const chunked = await twoRequests({
      head: head('POST', '/api/auth/login/', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
      body: Buffer.concat([...chunks, Buffer.from('0\r\n\r\n')]),
    });
    expect(chunked.codes[0]).toBe(413);
    expect(notStuck).toContain(chunked.outcome);
  });

  it('closes the connection after refusing a body too large to be worth reading', async () => {
    const c = await connect(port);
    await c.write(
      head('POST', '/api/media/photo/', {
        ...user.headers,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': 3 * 1024 ** 3,
      }),
    );
    void c.write(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n${'y'.repeat(1024 * 1024)}`);
    expect(await c.waitClosed(15_000)).toBe(true);
    expect(statuses(c.received())).toEqual([413]);
    expect(c.received()).toMatch(/^Connection: close\r$/im);
  });
});
