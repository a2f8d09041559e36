import { randomBytes } from 'node:crypto';
import { userPrefix } from './storage.ts';

/**
 * A resumable upload's id is `<owner's user id>-<32 random hex digits>`: the owner part places its
 * staged bytes among the owner's files (an account's deletion removes them with the rest); who may
 * touch the upload is decided by its row, never by the id.
 */
const ID_RE = /^([1-9]\d{0,9})-([0-9a-f]{32})$/;

export const newUploadId = (userId: number): string => `${userId}-${randomBytes(16).toString('hex')}`;

/** Where the staged bytes of upload `id` are kept in the media storage, or null for an id we never make. */
export function stagingKey(id: string): string | null {
  const m = ID_RE.exec(id);
  return m ? `${userPrefix(Number(m[1]))}uploads/${m[2]}` : null;
}

/** Files a tus store keeps next to the staged bytes: the file store's `.json`, the S3 store's `.info` and `.part`. */
export const STAGING_SIDECARS = ['.json', '.info', '.part'];

const STAGING_RE = /^u\/([1-9]\d{0,9})\/uploads\/([0-9a-f]{32})(?:\.json|\.info|\.part)?$/;

/** The upload a stored key is staged for (its bytes or a sidecar), or null for any other key. */
export function uploadIdOfKey(key: string): string | null {
  const m = STAGING_RE.exec(key);
  return m ? `${m[1]}-${m[2]}` : null;
}
