// `npm run backup -- --to DIR [--media-to s3://BUCKET/PREFIX?…]` and `npm run restore -- --from DIR`: a
// consistent copy of the database, the media and the generated secret key while the product runs, with
// a manifest of every file's size and SHA-256; and its restore into an empty database, storage and
// DATA_DIR, every checksum verified. Both read the environment the API processes read.
import { parseArgs } from 'node:util';
import { systemClock } from '../clock.ts';
import { loadConfigOrExit } from './start.ts';
import { createDb } from '../db/kysely.ts';
import { BackupError, takeBackup } from '../backup/backup.ts';
import { RestoreError, restoreBackup } from '../backup/restore.ts';
import { bytes } from '../admin/terminal-text.ts';
import { checkStorage, StorageCheckFailed, storageFromConfig } from '../storage/from-config.ts';

const USAGE = `Usage: npm run backup -- --to DIR [--media-to s3://BUCKET/PREFIX?endpoint=…]
       npm run restore -- --from DIR`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { to: { type: 'string' }, from: { type: 'string' }, 'media-to': { type: 'string' } },
    strict: true,
  });
  const config = loadConfigOrExit({ signs: false });
  const storage = storageFromConfig(config);
  await checkStorage(storage, config);
  const log = (m: string) => console.error(m);

  if (command === 'backup' && values.to) {
    const db = createDb(config.database);
    try {
      const started = Date.now();
      const m = await takeBackup({ config, db, storage, to: values.to, mediaTo: values['media-to'], clock: systemClock, log });
      console.log(
        `Копилка: backup in ${values.to}: the ${m.database.dialect} database (${bytes(m.database.size)}), ` +
          `${m.media.objects.length} file(s) (${bytes(m.media.bytes)}) in ${m.media.location}` +
          `${m.secret_key ? ', the secret key' : ''}; manifest.json lists each SHA-256 (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      return 0;
    } finally {
      await db.destroy();
    }
  }
  if (command === 'restore' && values.from) {
    const r = await restoreBackup({ config, storage, from: values.from, log });
    console.log(
      `Копилка: restored from ${values.from}: the database, ${r.objects} file(s) (${bytes(r.bytes)}), every checksum verified` +
        (r.droppedUploads ? `; ${r.droppedUploads} unfinished upload(s) dropped (the browser starts them again)` : ''),
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main().catch((err: unknown) => {
  const known = err instanceof BackupError || err instanceof RestoreError || err instanceof StorageCheckFailed || err instanceof TypeError;
  console.error(`Копилка: ${known ? '' : 'backup failed: '}${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
