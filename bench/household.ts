import { rmSync } from 'node:fs';
import os from 'node:os';
import { request } from 'undici';
import { seedLibrary } from './seed-library.ts';
import { benchData, insertBenchUser, startServer } from './support.ts';

const BUDGET_MS = 500;
const PHOTOS = 20_000;
const ALBUM_ITEMS = 10_000;
/** What the album page asks for first: the album, then its first page of this many items. */
const ALBUM_PAGE = 200;
const TZ = 'Europe/Moscow';
const ROUNDS = 5;
/** File requests timed per figure (thumbnails, one after another). */
const FILES = 200;

interface Timed {
  ms: number;
  bytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${Math.round(n)}`.padStart(4) + ' ms';
const verdict = (n: number) => (n <= BUDGET_MS ? 'within' : 'OVER');

/**
 * Sharing inside the household, from the real server on loopback (SQLite, media on disk): one account with
 * 20,000 photos, 10,000 of them in an album shared with a second account, which is also her partner. Printed,
 * each beside its reference from the same run:
 * - the shared album opening for the member (the album, then its first page of 200 items: what its first
 *   tiles wait for), beside the owner opening it, and the whole album in one answer;
 * - the member's timeline with the partner's 20,000 photos (?with_partners=1: the months, then the newest
 *   month), beside the owner's own timeline of the same 20,000 photos (what the photos page asks for); first
 *   after the start, right after a change of the partner's (the answer built anew), and kept (median of 5);
 * - a thumbnail served through the partner's grant (checked on every request) beside the owner's own.
 */
export async function benchHousehold(): Promise<void> {
  const { dataDir, db, userId: ownerId, token: ownerToken } = await benchData('kopilka-bench-household-');
  try {
    const member = await insertBenchUser(db, 'member');
    const seeded = await seedLibrary({ dataDir, db, userId: ownerId, photos: PHOTOS, recordings: 0 });
    const now = new Date().toISOString();
    const album = await db
      .insertInto('albums')
      .values({ user_id: ownerId, title: 'Общий', description: '', cover_media_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await db.selectFrom('media').select('id').where('user_id', '=', ownerId).orderBy('id').limit(ALBUM_ITEMS).execute();
    for (let i = 0; i < ids.length; i += 500)
      await db
        .insertInto('album_items')
        .values(ids.slice(i, i + 500).map((r) => ({ album_id: album.id, media_id: r.id, added_at: now })))
        .execute();
    await db.insertInto('album_members').values({ album_id: album.id, user_id: member.id, role: 'viewer', created_at: now }).execute();
    await db.insertInto('partners').values({ user_id: ownerId, partner_id: member.id, created_at: now }).execute();
    const someone = ids[0]!.id;
    await db.destroy();
    console.log(
      `household sharing: ${seeded.photos.toLocaleString('en')} photos over ${seeded.photoMonths} months, ` +
        `${ALBUM_ITEMS.toLocaleString('en')} of them in an album shared with a member who is also her partner; ` +
        `the real server, SQLite, br; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores:`,
    );

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const get = async (token: string, url: string): Promise<Timed & { body: Buffer }> => {
        const t0 = performance.now();
        const res = await request(server.url + url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } });
        const body = Buffer.from(await res.body.arrayBuffer());
        const took = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${body.toString()}`);
        return { ms: took, bytes: body.length, body };
      };
      const json = async <T>(token: string, url: string): Promise<T> => {
        const res = await request(server.url + url, { headers: { authorization: `Bearer ${token}` } });
        return (await res.body.json()) as T;
      };
      let edits = 0;
      const change = async () => {
        const res = await request(`${server.url}/api/media/photo/${someone}/`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ description: `правка ${(edits += 1)}` }),
        });
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`the edit answered ${res.statusCode}`);
      };

      // The shared album: what its page waits for before the first tiles.
      const albumUrl = `/api/albums/${album.id}/`;
      const pageUrl = `/api/albums/${album.id}/items/?limit=${ALBUM_PAGE}`;
      const opens = async (token: string) => {
        const times: number[] = [];
        for (let round = 0; round <= ROUNDS; round++) {
          const a = await get(token, albumUrl);
          const b = await get(token, pageUrl);
          times.push(a.ms + b.ms);
        }
        return { first: times[0]!, median: median(times.slice(1)) };
      };
      const memberOpens = await opens(member.access);
      const ownerOpens = await opens(ownerToken);
      const whole = await get(member.access, `/api/albums/${album.id}/items/`);
      console.log(
        `  a shared album of ${ALBUM_ITEMS.toLocaleString('en')} items, its first ${ALBUM_PAGE} tiles (the album, then its first page):`,
      );
      console.log(
        `    ${'the member'.padEnd(44)} first ${ms(memberOpens.first)}, then ${ms(memberOpens.median)} (budget ${BUDGET_MS} ms: ${verdict(Math.max(memberOpens.first, memberOpens.median))})`,
      );
      console.log(`    ${'reference: the owner'.padEnd(44)} first ${ms(ownerOpens.first)}, then ${ms(ownerOpens.median)}`);
      console.log(
        `    ${'for comparison, the whole album in one answer'.padEnd(44)} ${ms(whole.ms)}, ${(whole.bytes / 1024).toFixed(0)} kB`,
      );

      // The timeline: the partner's 20,000 photos beside the member's own (none), and the owner's own 20,000.
      const bucketsUrl = (partners: boolean) =>
        `/api/media/photo/buckets/?tz=${encodeURIComponent(TZ)}${partners ? '&with_partners=1' : ''}`;
      const monthUrl = (month: string, partners: boolean) =>
        `/api/media/photo/?month=${month}&tz=${encodeURIComponent(TZ)}${partners ? '&with_partners=1' : ''}`;
      const months = await json<{ month: string; count: number }[]>(member.access, bucketsUrl(true));
      const newest = months[0]!;
      const twoYearsBack = new Date();
      twoYearsBack.setUTCMonth(twoYearsBack.getUTCMonth() - 24);
      const back = months.find((b) => b.month <= twoYearsBack.toISOString().slice(0, 7)) ?? months[months.length - 1]!;
      const timeline = async (token: string, partners: boolean) => {
        const firstTiles = async () =>
          (await get(token, bucketsUrl(partners))).ms + (await get(token, monthUrl(newest.month, partners))).ms;
        const first = await firstTiles();
        const built: number[] = [];
        const kept: number[] = [];
        const backBuilt: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          await change();
          built.push(await firstTiles());
          kept.push(await firstTiles());
          await change();
          backBuilt.push((await get(token, monthUrl(back.month, partners))).ms);
        }
        return { first, built: median(built), kept: median(kept), back: median(backBuilt) };
      };
      const partnered = await timeline(member.access, true);
      const own = await timeline(ownerToken, false);
      console.log(
        `  a timeline with a partner's ${PHOTOS.toLocaleString('en')} photos (the months, then the newest month, ${newest.count} photos; a month two years back, ${back.count}):`,
      );
      const line = (label: string, f: typeof own, budget: boolean) =>
        console.log(
          `    ${label.padEnd(44)} first ${ms(f.first)}, just changed ${ms(f.built)}, kept ${ms(f.kept)}; two years back just changed ${ms(f.back)}` +
            (budget ? ` (budget ${BUDGET_MS} ms: ${verdict(Math.max(f.first, f.built, f.back))})` : ''),
        );
      line("the partner's photos (?with_partners=1)", partnered, true);
      line('reference: the owner’s own photos', own, false);

      // A thumbnail through the partner's grant (checked per request) beside the owner's own URL of it.
      const monthItems = await json<{ id: number; thumbnail: string; owner: unknown }[]>(member.access, monthUrl(newest.month, true));
      const ownItems = await json<{ id: number; thumbnail: string }[]>(ownerToken, monthUrl(newest.month, false));
      const fileTimes = async (urls: string[]) => {
        const times: number[] = [];
        for (let i = 0; i < FILES; i++) {
          const t0 = performance.now();
          const res = await request(server.url + urls[i % urls.length]!);
          await res.body.dump();
          if (res.statusCode !== 200) throw new Error(`a thumbnail answered ${res.statusCode}`);
          times.push(performance.now() - t0);
        }
        return median(times);
      };
      const granted = await fileTimes(monthItems.map((i) => i.thumbnail));
      const plain = await fileTimes(ownItems.map((i) => i.thumbnail));
      console.log(`  a thumbnail, median of ${FILES}:`);
      console.log(`    ${"through the partner's grant".padEnd(44)} ${granted.toFixed(2)} ms`);
      console.log(`    ${'reference: the owner’s own URL'.padEnd(44)} ${plain.toFixed(2)} ms`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
