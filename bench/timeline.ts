import { rmSync } from 'node:fs';
import os from 'node:os';
import { request } from 'undici';
import { seedLibrary } from './seed-library.ts';
import { benchData, startServer } from './support.ts';

const BUDGET_MS = 500;
const PHOTOS = 20_000;
const TZ = 'Europe/Moscow';
/** Answers timed per figure after a change, and with the answer kept. */
const ROUNDS = 5;

interface Timed {
  ms: number;
  bytes: number;
}

/**
 * The timeline's answers with 20,000 photos (and 5,000 recordings) of one user, from the real server on
 * loopback (SQLite, media on disk): the months (buckets), the newest month, and a month two years back —
 * what the photo screen asks for to show its first tiles and to land on a month from the scrubber. Each is
 * timed to its last byte (br, as a browser takes it) the first time after the server's start, right after
 * a change to the user's media (the answer built anew: the usual case when the screen is opened after an
 * upload), and kept (median of ROUNDS), beside the 500 ms budget; the whole list is timed for comparison.
 */
export async function benchTimeline(): Promise<void> {
  const { dataDir, db, userId, token } = await benchData('kopilka-bench-timeline-');
  try {
    const seeded = await seedLibrary({ dataDir, db, userId, photos: PHOTOS, recordings: 5_000 });
    const someone = await db
      .selectFrom('media')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'photo')
      .executeTakeFirstOrThrow();
    await db.destroy();
    console.log(
      `timeline with ${seeded.photos.toLocaleString('en')} photos over ${seeded.photoMonths} months ` +
        `(and ${seeded.recordings.toLocaleString('en')} recordings), seeded in ${seeded.seconds.toFixed(1)} s; the real server, SQLite, br; ` +
        `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores:`,
    );

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
      const get = async (url: string): Promise<Timed> => {
        const t0 = performance.now();
        const res = await request(server.url + url, { headers });
        const body = Buffer.from(await res.body.arrayBuffer());
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${body.toString()}`);
        return { ms, bytes: body.length };
      };
      // A change to the user's media, as an edit makes it: every answer of theirs is built anew after it.
      let edits = 0;
      const change = async () => {
        const res = await request(`${server.url}/api/media/photo/${someone.id}/`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ description: `правка ${(edits += 1)}` }),
        });
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`the edit answered ${res.statusCode}`);
      };

      const bucketsUrl = `/api/media/photo/buckets/?tz=${encodeURIComponent(TZ)}`;
      const monthUrl = (month: string) => `/api/media/photo/?month=${month}&tz=${encodeURIComponent(TZ)}`;
      const firstBuckets = await get(bucketsUrl);
      const plain = await request(server.url + bucketsUrl, { headers: { authorization: headers.authorization } });
      const months = (await plain.body.json()) as { month: string; count: number }[];
      const newest = months[0]!;
      const twoYearsBack = new Date();
      twoYearsBack.setUTCMonth(twoYearsBack.getUTCMonth() - 24);
      const wanted = twoYearsBack.toISOString().slice(0, 7);
      const back = months.find((b) => b.month <= wanted) ?? months[months.length - 1]!;

      const figures: { label: string; first: Timed; built: number[]; kept: number[] }[] = [];
      const measure = async (label: string, url: string, first: Timed) => {
        const built: number[] = [];
        const kept: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          await change();
          built.push((await get(url)).ms);
          kept.push((await get(url)).ms);
        }
        figures.push({ label, first, built, kept });
      };
      await measure(`months (${months.length} buckets)`, bucketsUrl, firstBuckets);
      await measure(`newest month (${newest.month}, ${newest.count} photos)`, monthUrl(newest.month), await get(monthUrl(newest.month)));
      await measure(`a month two years back (${back.month}, ${back.count} photos)`, monthUrl(back.month), await get(monthUrl(back.month)));

      // What the screen waits for before its first tiles: the months, then the newest month, one after the other.
      const firstTiles: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await change();
        const a = await get(bucketsUrl);
        const b = await get(monthUrl(newest.month));
        firstTiles.push(a.ms + b.ms);
      }
      const wholeFirst = await get('/api/media/photo/');
      await change();
      const wholeBuilt = await get('/api/media/photo/');

      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const ms = (n: number) => `${Math.round(n)}`.padStart(4) + ' ms';
      const verdict = (n: number) => (n <= BUDGET_MS ? 'within' : 'OVER');
      for (const f of figures) {
        const worst = Math.max(f.first.ms, median(f.built));
        console.log(
          `  ${f.label.padEnd(48)} first after start ${ms(f.first.ms)}, just changed ${ms(median(f.built))}, kept ${ms(median(f.kept))}, ` +
            `${(f.first.bytes / 1024).toFixed(1)} kB (budget ${BUDGET_MS} ms: ${verdict(worst)})`,
        );
      }
      console.log(
        `  ${'first tiles: the months, then the newest month'.padEnd(48)} just changed ${ms(median(firstTiles))} (budget ${BUDGET_MS} ms: ${verdict(median(firstTiles))})`,
      );
      console.log(
        `  ${`for comparison, the whole list of ${PHOTOS.toLocaleString('en')}`.padEnd(48)} first after start ${ms(wholeFirst.ms)}, just changed ${ms(wholeBuilt.ms)}, ${(wholeFirst.bytes / 1024).toFixed(0)} kB`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
