import { lstat, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST, MEDIA_FOLDER, PG_DUMP_FILE, SECRET_FILE, SQLITE_FILE, type Manifest } from './manifest.ts';
import { READ_NO_FOLLOW } from './private-files.ts';

/** What a restore reads of a backup is refused: what is wrong, in one line. */
export class BackupFolderError extends Error {}

/** The only name each file of a backup has (backup.ts writes no other). */
const DATABASE_FILES = { sqlite: SQLITE_FILE, postgres: PG_DUMP_FILE } as const;

/** A stored key: `/`-separated names, none empty, `.` or `..`, no backslash or NUL (so it cannot leave its folder). */
const SAFE_KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[^/\\\0]+(?:\/[^/\\\0]+)*$/;

/**
 * A backup's folder as a restore reads it: only what lies inside the folder, and never through a symbolic
 * link. The folder itself is where the operator pointed (a link there is theirs); below it each part of a
 * path must be a real folder and the last a regular file, and the manifest names its files only by the
 * names a backup writes, so no manifest can make a restore read (and copy into DATA_DIR) a file elsewhere.
 */
export class BackupFolder {
  private constructor(readonly dir: string) {}

  static async open(from: string): Promise<BackupFolder> {
    const dir = await realpath(path.resolve(from)).catch(() => path.resolve(from));
    return new BackupFolder(dir);
  }

  /** The manifest, read without following a link, with each file it names checked to be one a backup writes. */
  async manifest(): Promise<Manifest> {
    const file = await this.file(MANIFEST).catch((err: BackupFolderError) => {
      throw new BackupFolderError(`${this.dir}: ${err.message}; not a backup`);
    });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(file, { encoding: 'utf8', flag: READ_NO_FOLLOW })) as Manifest;
    } catch {
      throw new BackupFolderError(`${this.dir} holds no readable ${MANIFEST}: not a backup`);
    }
    if (typeof manifest !== 'object' || manifest === null) throw new BackupFolderError(`${MANIFEST} is not a backup's manifest`);
    if (manifest.format !== 1) throw new BackupFolderError(`unknown backup format ${String(manifest.format)}`);
    const { database, secret_key: secret, media } = manifest;
    const dialect = database?.dialect;
    if (dialect !== 'sqlite' && dialect !== 'postgres') throw new BackupFolderError(`${MANIFEST} names no known database`);
    if (database.file !== DATABASE_FILES[dialect])
      throw new BackupFolderError(
        `${MANIFEST} names the database ${JSON.stringify(database.file)}: a backup's is ${DATABASE_FILES[dialect]}`,
      );
    if (secret && secret.file !== SECRET_FILE) throw new BackupFolderError(`${MANIFEST} names the key ${JSON.stringify(secret.file)}`);
    if (media?.location !== MEDIA_FOLDER && !/^s3:\/\//.test(String(media?.location)))
      throw new BackupFolderError(`${MANIFEST} names the media in ${JSON.stringify(media?.location)}: ${MEDIA_FOLDER} or an s3:// URL`);
    if (!Array.isArray(media.objects)) throw new BackupFolderError(`${MANIFEST} lists no media files`);
    for (const object of media.objects)
      if (typeof object?.key !== 'string' || !SAFE_KEY.test(object.key))
        throw new BackupFolderError(`${MANIFEST} names the file ${JSON.stringify(object.key)}, which is no stored key`);
    return manifest;
  }

  /** The file at `relative` (`/`-separated) inside the folder, checked to be a regular file reached through real folders. */
  async file(relative: string): Promise<string> {
    const parts = relative.split('/');
    let at = this.dir;
    for (const [i, part] of parts.entries()) {
      at = path.join(at, part);
      const s = await lstat(at).catch(() => null);
      if (!s) throw new BackupFolderError(`${relative} is missing from the backup`);
      const last = i === parts.length - 1;
      if (s.isSymbolicLink()) throw new BackupFolderError(`${relative} is a symbolic link in the backup: a restore follows none`);
      if (last ? !s.isFile() : !s.isDirectory())
        throw new BackupFolderError(`${relative} is not a ${last ? 'file' : 'folder'} in the backup`);
    }
    return at;
  }

  /** A media object of the backup's own media folder. */
  mediaFile(key: string): Promise<string> {
    return this.file(`${MEDIA_FOLDER}/${key}`);
  }
}
