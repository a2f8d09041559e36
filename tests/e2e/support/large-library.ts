import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import { uploadPhoto } from './photos';

/** The e2e server's database (scripts/e2e-server.ts: SQLite in E2E_DATA_DIR). */
const databaseFile = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'kopilka.sqlite');

type Row = Record<string, unknown>;

/** Runs `work` on the e2e server's database, opened beside the running server as another process would. */
export function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(databaseFile);
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** Waits (up to a minute) until the owner's list shows the upload `id` as ready. */
export async function expectReady(request: APIRequestContext, access: string, kind: 'audio' | 'photo', id: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/media/${kind}/`, { headers: { Authorization: `Bearer ${access}` } });
        return ((await res.json()) as { id: number; status: string }[]).find((r) => r.id === id)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
}

/**
 * Fills a library fast: `total - 1` more media rows like row `id` (the same files), in one transaction, row `n`
 * (1, 2, …) changed by `changes(row, n)`.
 */
export function copyMediaRow(id: number, total: number, changes: (row: Row, n: number) => Row): void {
  withDatabase((db) => {
    const row = db.prepare('SELECT * FROM media WHERE id = ?').get(id) as Row;
    const columns = Object.keys(row).filter((c) => c !== 'id');
    const insert = db.prepare(`INSERT INTO media (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
    db.transaction(() => {
      for (let n = 1; n < total; n++) insert.run({ ...row, ...changes(row, n) });
    })();
  });
}

/**
 * A photo timeline of `photos` photos: «Фото 0», a small JPEG saved through the API today, and rows like it
 * («Фото 1» …) taken by a camera's clock over the last `months` months, the higher the number the newer. Returns
 * when the oldest was taken (`YYYY-MM-DDTHH:MM:SS`).
 */
export async function fillPhotoTimeline(request: APIRequestContext, access: string, photos: number, months: number): Promise<string> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  const firstId = await uploadPhoto(request, access, 'Фото 0', jpeg);
  await expectReady(request, access, 'photo', firstId);
  const now = Date.now();
  const span = months * 30 * 86_400_000;
  const takenAt = (n: number) => new Date(now - span + (span * n) / photos).toISOString().slice(0, 19);
  copyMediaRow(firstId, photos, (_row, n) => ({ title: `Фото ${n}`, sha256: null, taken_at: takenAt(n) }));
  return takenAt(1);
}
