import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, opendir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';

/**
 * A backup holds every account's files, password hashes and sessions: only its owner reads it. Its files
 * are 0600 and its folders 0700 whatever the umask (a mode given at creation is narrowed by the umask, so
 * each is set afterwards), and a restore leaves what it writes the same way.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

/** Opens a file for reading without following a symbolic link in its last part (ELOOP instead). */
export const READ_NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW;

/** The file's bytes, opened without following a symbolic link in its last part. */
export async function readNoFollow(file: string): Promise<Readable> {
  return (await open(file, READ_NO_FOLLOW)).createReadStream();
}

/** The folder (and those above it that it makes), with this one set to 0700. */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
  await chmod(dir, PRIVATE_FOLDER);
}

/**
 * Everything under `root`, itself included: folders 0700, files 0600. A symbolic link is neither followed
 * nor changed (none is made by a backup; chmod would change what it points to).
 */
export async function keepPrivate(root: string): Promise<void> {
  const s = await lstat(root);
  if (s.isSymbolicLink()) return;
  if (!s.isDirectory()) return chmod(root, PRIVATE_FILE);
  await chmod(root, PRIVATE_FOLDER);
  for await (const entry of await opendir(root)) await keepPrivate(path.join(root, entry.name));
}

/**
 * A stored file `file` under the key `key` (`u/1/audio/x.webm`): the file 0600 and the folders its key
 * names, up to and including the storage's root, 0700.
 */
export async function keepStoredFilePrivate(file: string, key: string): Promise<void> {
  await chmod(file, PRIVATE_FILE);
  let dir = path.dirname(file);
  for (let depth = key.split('/').length - 1; depth >= 0; depth--, dir = path.dirname(dir)) await chmod(dir, PRIVATE_FOLDER);
}
