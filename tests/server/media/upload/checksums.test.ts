import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoRecordSchema } from '../../../../contract/media.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { createUser, multipart } from '../../support/media-fixtures.ts';
import { settle } from '../../support/processing.ts';
import { storedFiles } from '../../support/test-storage.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

type User = Awaited<ReturnType<typeof createUser>>;

describe('checksums of uploads', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let jpeg: Buffer;
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  const upload = (user: User, kind: 'photo' | 'video', data: Buffer, title: string) => {
    const body = multipart({ title }, { field: 'file', filename: 'same.jpg', contentType: 'image/jpeg', data });
    return t.app.inject({
      method: 'POST',
      url: `/api/media/${kind}/`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('keeps the SHA-256 of the bytes with the record and shows it', async () => {
    const res = await upload(alice, 'photo', jpeg, 'первая');
    expect(res.statusCode, res.body).toBe(201);
    expect(bodyOf(res, photoRecordSchema).sha256).toBe(sha256(jpeg));
    const row = await t.db
      .selectFrom('media')
      .select('sha256')
      .where('id', '=', bodyOf(res, photoRecordSchema).id)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(jpeg));
  });

  it('stores nothing for a file the owner already keeps, and names the record that has it', async () => {
    const kept = await t.db.selectFrom('media').select(['id', 'kind']).where('user_id', '=', alice.id).executeTakeFirstOrThrow();
    await settle(t); // its renditions made, so that what is stored stays put
    const filesBefore = await storedFiles(t);
    // Whichever screen it comes through: the same bytes are the same file.
    for (const kind of ['photo', 'video'] as const) {
      const res = await upload(alice, kind, jpeg, 'ещё раз');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'Этот файл уже есть в Копилке', id: kept.id, kind: kept.kind });
    }
    expect(await storedFiles(t)).toEqual(filesBefore);
    const rows = await t.db.selectFrom('media').select('id').where('user_id', '=', alice.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('makes one record of the same new file uploaded several times at once; the others get the 409 and store nothing', async () => {
    const carol = await createUser(t, 'carol');
    const dave = await createUser(t, 'dave');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 160, b: 70 } } })
      .png()
      .toBuffer();
    const answers = await Promise.all([1, 2, 3].map((n) => upload(carol, 'photo', png, `одновременно ${n}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const made = answers.find((r) => r.statusCode === 201)!.json<{ id: number }>();
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json()).toEqual({ detail: 'Этот файл уже есть в Копилке', id: made.id, kind: 'photo' });
    const rows = await t.db.selectFrom('media').select('id').where('user_id', '=', carol.id).execute();
    expect(rows.map((r) => r.id)).toEqual([made.id]);

    // What stays stored is what one upload of the file leaves.
    expect((await upload(dave, 'photo', png, 'одна')).statusCode).toBe(201);
    await settle(t);
    const filesOf = async (user: User) => (await storedFiles(t)).filter((f) => f.includes(`u/${user.id}/`)).length;
    expect(await filesOf(carol)).toBe(await filesOf(dave));
    expect(await filesOf(carol)).toBeGreaterThan(0);
  });

  it('lets another user keep the same file', async () => {
    const res = await upload(bob, 'photo', jpeg, 'у Боба');
    expect(res.statusCode).toBe(201);
    expect(bodyOf(res, photoRecordSchema).sha256).toBe(sha256(jpeg));
  });

  it('takes the file again once the record that had it is deleted', async () => {
    const kept = await t.db.selectFrom('media').select('id').where('user_id', '=', alice.id).executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${kept.id}/`, headers: alice.headers })).statusCode).toBe(204);
    const res = await upload(alice, 'photo', jpeg, 'снова');
    expect(res.statusCode).toBe(201);
  });
});
