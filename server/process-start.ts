// What `npm start` and `npm run worker` do first, the same way: read the configuration, bring the
// schema up (under the migration lock: whichever process starts first does it) and check the media
// storage. A problem stops the process with one line naming it.
import type { Config } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, type Db } from './db/kysely.ts';
import { migrate } from './db/migrate.ts';
import type { Storage } from './storage/storage.ts';
import { checkStorage, StorageUnavailableError, storageFromConfig } from './storage/from-config.ts';

/** The environment's configuration, or exit 1 with the variable at fault. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Копилка: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/** The migrated database and the checked media storage of `config`, or exit 1 with the reason. */
export async function openStores(config: Config): Promise<{ db: Db; storage: Storage }> {
  const db = createDb(config.database);
  try {
    await migrate(db);
  } catch (err) {
    console.error(`Копилка: database error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const storage = storageFromConfig(config);
  try {
    await checkStorage(storage, config);
  } catch (err) {
    if (err instanceof StorageUnavailableError) {
      console.error(`Копилка: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  return { db, storage };
}
