import { createSHA256, type IHasher } from 'hash-wasm';

/**
 * A SHA-256 that can be put aside and taken up again (hash-wasm saves and loads its state; Node's
 * crypto cannot), so the hash of a resumable upload goes on with each PATCH, in whichever process
 * receives it.
 */
export async function resumeHash(savedState: string | null): Promise<IHasher> {
  const hasher = await createSHA256();
  if (savedState === null) hasher.init();
  else hasher.load(Buffer.from(savedState, 'base64'));
  return hasher;
}

export const saveHash = (hasher: IHasher): string => Buffer.from(hasher.save()).toString('base64');

/** The hex SHA-256 of the bytes a saved state has taken in. */
export async function digestOf(savedState: string): Promise<string> {
  return (await resumeHash(savedState)).digest('hex');
}
