import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EXPORT_ITEMS_MAX, type MediaKind as KindName } from '../../../contract/media.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../http/errors.ts';
import { parseGrant, type Grant } from '../../grants/grant.ts';
import type { Grants } from '../../grants/grants.ts';
import type { Storage } from '../../storage/storage.ts';
import { safeFileName } from '../files/content-disposition.ts';
import { decodeIds, encodeIds } from './selection.ts';
import { openZip, planZip, type ZipEntry, type ZipPlan } from './zip.ts';
import type { ExportRow, MediaRepository } from '../records/repository.ts';
import { signExportPath, verifyExportSignature } from '../files/signing.ts';
import { MEDIA_KINDS } from '../kinds.ts';

export interface MediaExportDeps {
  repo: MediaRepository;
  storage: Storage;
  clock: Clock;
  config: Config;
  grants: Grants;
}

/**
 * «Скачать всё»: one ZIP of every original outside the trash, each next to a JSON file of its details
 * (kind, title, description, dates, duration…). The archive is never made ahead: it is written as it
 * is downloaded, one stored file open at a time, through a signed link (the browser saves it straight
 * to disk). Its length is known up front, and a download cut off can resume with a Range request
 * while the collection is unchanged (the ETag names its contents).
 */
export class MediaExport {
  constructor(private readonly d: MediaExportDeps) {}

  /** A signed link to the owner's export, alive while `grant` is (the session that asked) and an hour at most. */
  link(userId: number, grant: Grant): string {
    return signExportPath(this.d.config.secretKey, userId, this.d.clock.now(), grant);
  }

  /**
   * The same link for a ZIP of the chosen items only («Скачать» on a selection). Each must be the owner's
   * and outside the trash, of the kind named: anything else (another user's id, a trashed item, a wrong
   * kind) refuses the whole request as not found, and no link is made.
   */
  async linkTo(userId: number, grant: Grant, items: ReadonlyArray<{ kind: KindName; id: number }>): Promise<string> {
    const ids = items.map((item) => item.id);
    const live = await this.d.repo.liveKinds(userId, ids);
    if (items.some((item) => live.get(item.id) !== item.kind)) throw notFound();
    return signExportPath(this.d.config.secretKey, userId, this.d.clock.now(), grant, encodeIds(ids));
  }

  /**
   * 'forbidden': not a link we signed, or expired; 'ended': ours, but its session has ended; else the ids
   * the link chose (null: everything).
   */
  async verify(
    userId: number,
    link: { exp?: string; g?: string; sig?: string; items?: string },
  ): Promise<'forbidden' | 'ended' | { ids: number[] | null }> {
    const { exp, g, sig, items } = link;
    if (!verifyExportSignature(this.d.config.secretKey, userId, exp, g, sig, this.d.clock.now(), items)) return 'forbidden';
    const ids = items === undefined ? null : decodeIds(items, EXPORT_ITEMS_MAX);
    if (items !== undefined && !ids) return 'forbidden';
    const grant = parseGrant(g);
    return grant && (await this.d.grants.alive(grant, userId)) ? { ids } : 'ended';
  }

  /**
   * The archive as it stands now (what it holds, its length and ETag), made by open(): every item outside
   * the trash, or those of `ids` still outside it (none left: not found).
   */
  async plan(userId: number, ids: readonly number[] | null = null): Promise<ZipPlan> {
    const rows = await this.d.repo.listForExport(userId, ids ?? undefined);
    if (ids && !rows.length) throw notFound();
    const entries: ZipEntry[] = [];
    for (const row of rows) {
      const ext = row.original_key.slice(row.original_key.lastIndexOf('.') + 1);
      const { folder, untitled } = MEDIA_KINDS[row.kind].export;
      const stem = `${folder}/${safeFileName(`${row.title.trim() || untitled} (${row.id})`)}`;
      const mtime = new Date(row.created_at);
      const key = row.original_key;
      entries.push({ name: `${stem}.${ext}`, mtime, size: row.size, open: () => this.d.storage.read(key) });
      entries.push({ name: `${stem}.json`, mtime, data: Buffer.from(`${JSON.stringify(details(row, `${stem}.${ext}`), null, 2)}\n`) });
    }
    // What the bytes are made of: the stored keys never change content, the details are in the JSON.
    const identity = entries.map((e) => ('data' in e ? [e.name, sha256(e.data)] : [e.name, e.size, e.mtime.getTime()]));
    return planZip(entries, [userId, rows.map((r) => r.original_key), identity]);
  }

  open(plan: ZipPlan, range?: { start: number; end: number }): Promise<Readable> {
    return openZip(plan, range?.start, range?.end);
  }

  /** The archive's file name: «Копилка-2026-01-31.zip». */
  fileName(): string {
    return `Копилка-${this.d.clock.now().toISOString().slice(0, 10)}.zip`;
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('base64url');

/** The JSON beside each original: what Копилка knows of it, with its kind's own columns (MediaKindSpec.export). */
function details(row: ExportRow, file: string): Record<string, unknown> {
  const common = {
    kind: row.kind,
    id: row.id,
    title: row.title,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  const original = { file: file.slice(file.indexOf('/') + 1), original_name: row.original_name, mime_type: row.mime_type, size: row.size };
  const own = Object.fromEntries(MEDIA_KINDS[row.kind].export.fields.map((field) => [field, row[field]]));
  return { ...common, ...own, ...original };
}
