import { rmSync } from 'node:fs';
import os from 'node:os';
import { request } from 'undici';
import { hashPassword } from '../server/accounts/passwords.ts';
import { newShareToken, shareTokenHash } from '../server/shares/signing.ts';
import { seedLibrary } from './seed-library.ts';
import { benchData, insertBenchUser, percentile, startServer } from './support.ts';

const PHOTOS = 10_000;
const AT_ONCE = 20;
const PASSWORD = 'bench-password-1';

/**
 * One anonymous holder of a big album's link against everybody else: an album of 10,000 photos shared by a
 * link, opened 20 times at once (POST /api/public/shares/open/, as the /s/ page does), while another user
 * signs in and a health probe asks every 20 ms. Prints what one opening answers (bytes, time), how long the
 * sign-in took, and the probe's delays (the event loop held) during the burst, beside the same figures at
 * rest. The real server on loopback, SQLite, media on disk.
 */
export async function benchShareOpen(): Promise<void> {
  const { dataDir, db, userId } = await benchData('kopilka-bench-share-');
  try {
    await seedLibrary({ dataDir, db, userId, photos: PHOTOS, recordings: 0 });
    const now = new Date().toISOString();
    const album = await db
      .insertInto('albums')
      .values({ user_id: userId, title: 'Всё', description: '', cover_media_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await db.selectFrom('media').select('id').where('user_id', '=', userId).orderBy('id').execute();
    for (let i = 0; i < ids.length; i += 500)
      await db
        .insertInto('album_items')
        .values(ids.slice(i, i + 500).map((r) => ({ album_id: album.id, media_id: r.id, added_at: now })))
        .execute();
    const token = newShareToken();
    await db
      .insertInto('shares')
      .values({
        user_id: userId,
        token_hash: shareTokenHash(token),
        media_id: null,
        album_id: album.id,
        password_hash: null,
        allow_download: 1,
        expires_at: null,
        created_at: now,
        last_viewed_at: null,
      })
      .execute();
    await insertBenchUser(db, 'other', await hashPassword(PASSWORD));
    await db.destroy();

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const post = async (url: string, body: unknown) => {
        const t0 = performance.now();
        const res = await request(server.url + url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const bytes = Buffer.from(await res.body.arrayBuffer()).length;
        return { status: res.statusCode, bytes, ms: performance.now() - t0 };
      };
      const open = () => post('/api/public/shares/open/', { token });
      const signIn = () => post('/api/auth/login/', { email: 'other@example.com', password: PASSWORD });
      /** Health probes every 20 ms while `work` runs: each one's time to answer. */
      const probing = async <T>(work: () => Promise<T>): Promise<{ result: T; delays: number[] }> => {
        const delays: number[] = [];
        let running = true;
        const loop = (async () => {
          while (running) {
            const t0 = performance.now();
            const res = await request(`${server.url}/api/health/live/`);
            await res.body.dump();
            delays.push(performance.now() - t0);
            await new Promise((r) => setTimeout(r, 20));
          }
        })();
        try {
          return { result: await work(), delays };
        } finally {
          running = false;
          await loop;
        }
      };

      await open(); // warm
      await signIn();
      const rest = await probing(async () => {
        await new Promise((r) => setTimeout(r, 1000));
        return signIn();
      });
      const one = await open();
      const burst = await probing(async () => {
        const opens = Array.from({ length: AT_ONCE }, () => open());
        await new Promise((r) => setTimeout(r, 50));
        const login = await signIn();
        return { login, opens: await Promise.all(opens) };
      });
      const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
      const probe = (xs: number[]) =>
        `probe median ${percentile(sorted(xs), 0.5).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (${xs.length} probes)`;
      const statuses = [...new Set(burst.result.opens.map((o) => o.status))].join('/');
      console.log(
        `a link to an album of ${PHOTOS.toLocaleString('en')} photos (SQLite, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores):\n` +
          `  one opening: ${one.status}, ${(one.bytes / 1e6).toFixed(2)} MB in ${one.ms.toFixed(0)} ms\n` +
          `  at rest: sign-in ${rest.result.ms.toFixed(0)} ms; ${probe(rest.delays)}\n` +
          `  ${AT_ONCE} openings at once (${statuses}, slowest ${Math.max(...burst.result.opens.map((o) => o.ms)).toFixed(0)} ms): ` +
          `another user's sign-in ${burst.result.login.ms.toFixed(0)} ms; ${probe(burst.delays)}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
