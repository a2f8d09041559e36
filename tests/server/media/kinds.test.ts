import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { albumItemSchema } from '../../../contract/albums.ts';
import {
  DOWNLOAD_FORMATS,
  MEDIA_KINDS as KIND_NAMES,
  MEDIA_RECORD_SCHEMAS,
  trashItemSchema,
  usageSchema,
} from '../../../contract/media.ts';
import { SHARED_VIEW_KINDS, sharedItemSchema, sharedViewSchema } from '../../../contract/shares.ts';
import { loadConfig } from '../../../server/config.ts';
import { JOB_LANES } from '../../../server/jobs/kinds.ts';
import { KIND_SPECS, MEDIA_KINDS } from '../../../server/media/kinds.ts';
import { mediaItemWire, sharedItemWire } from '../../../server/media/records/items.ts';
import { MEDIA_WIRES, trashWire } from '../../../server/media/schemas.ts';
import { sharedViewWire } from '../../../server/shares/schemas.ts';
import { tempDir } from '../support/media-fixtures.ts';

/** The kinds a union of mixed kinds tells apart, in its order. */
const kindsOf = (union: { options: readonly { shape: { kind: { value: unknown } } }[] }) => union.options.map((o) => o.shape.kind.value);

/**
 * A kind is named once on each side (contract/media.ts' MEDIA_KINDS, server/media/kinds.ts' entry), and every
 * table and union of the contract and the server is drawn from those: each names every kind, in the contract's
 * order. (The web app's registries have the same check: tests/unit/components/media/kinds/registries.test.ts.)
 */
describe('every registry of the contract and the server names each kind', () => {
  let dir = '';
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the contract: a record schema and download formats per kind; the trash, album, shared and usage shapes of each', () => {
    expect(Object.keys(MEDIA_RECORD_SCHEMAS)).toEqual([...KIND_NAMES]);
    expect(Object.keys(DOWNLOAD_FORMATS)).toEqual([...KIND_NAMES]);
    for (const union of [trashItemSchema, albumItemSchema, sharedItemSchema]) expect(kindsOf(union)).toEqual([...KIND_NAMES]);
    expect(SHARED_VIEW_KINDS).toEqual([...KIND_NAMES, 'album']);
    expect(sharedViewSchema.shape.kind.options).toEqual([...KIND_NAMES, 'album']);
    for (const kind of KIND_NAMES) expect(Object.keys(usageSchema.shape)).toContain(kind);
  });

  it('the server: an entry per kind, named as its key, with its wire, job, lane, limit, export folder and share rules', async () => {
    dir = await tempDir('kopilka-kinds-');
    const config = loadConfig({ DATA_DIR: dir });
    expect(Object.keys(MEDIA_KINDS)).toEqual([...KIND_NAMES]);
    expect(KIND_SPECS.map((spec) => spec.name)).toEqual([...KIND_NAMES]);
    expect(Object.keys(MEDIA_WIRES)).toEqual([...KIND_NAMES]);
    for (const kind of KIND_NAMES) {
      const spec = MEDIA_KINDS[kind];
      expect(spec.name, kind).toBe(kind);
      expect(spec.record, kind).toBe(MEDIA_WIRES[kind]);
      expect(spec.job, kind).toBe(`process-${kind}`);
      expect(JOB_LANES[spec.job], kind).toBeDefined();
      expect(spec.limit(config), kind).toBeGreaterThan(0);
      expect(spec.export.folder, kind).not.toBe('');
      expect(spec.export.untitled, kind).not.toBe('');
      // What names the original is a field of the kind's record.
      for (const field of spec.unshared) expect(Object.keys(MEDIA_WIRES[kind].shape), kind).toContain(field);
    }
    // Each kind has a folder of its own in the export.
    expect(new Set(KIND_SPECS.map((spec) => spec.export.folder)).size).toBe(KIND_NAMES.length);
    for (const union of [trashWire, mediaItemWire, sharedItemWire]) expect(kindsOf(union)).toEqual([...KIND_NAMES]);
    expect(sharedViewWire.shape.kind.options).toEqual([...KIND_NAMES, 'album']);
  });
});
