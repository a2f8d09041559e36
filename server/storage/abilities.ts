// What an S3-compatible server can do beyond objects: not every one implements every multipart call (stock
// s3rver answers ListParts with MethodNotAllowed and ListMultipartUploads with NotImplemented). Resumable
// uploads (tus's S3 store) need ListParts on every PATCH; the storage check and the clean-up of a cut-off
// upload need ListMultipartUploads and AbortMultipartUpload. Checked once at start, told in one log line and in
// readiness (storage_lacks), and a missing ListParts turns resumable uploads off (503, the app sends whole).
import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/** The calls probed, by their S3 names. */
export type MultipartCall = 'ListParts' | 'ListMultipartUploads' | 'AbortMultipartUpload';

/** Whether an S3 error says the server does not implement the call (rather than that it failed this time). */
export function isNotImplemented(err: unknown): boolean {
  const e = err as { name?: unknown; Code?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  if (!e || typeof e !== 'object') return false;
  const status = e.$metadata?.httpStatusCode;
  return e.name === 'NotImplemented' || e.name === 'MethodNotAllowed' || status === 501 || status === 405;
}

/**
 * Probes the multipart calls on a key of the bucket's `health/` prefix (outside `u/`: no user's file, and the
 * reconciliation never meets it): begins an upload, lists its parts and the bucket's unfinished uploads, and
 * aborts it. Returns the calls the server refused as not implemented; a call that failed otherwise (the
 * network, the keys) is not counted as missing, and the start's bucket check has said what is wrong then.
 */
export async function missingMultipartCalls(client: S3Client, bucket: string, base: string): Promise<MultipartCall[]> {
  const Key = `${base}health/abilities-${randomBytes(6).toString('hex')}`;
  const missing: MultipartCall[] = [];
  let UploadId: string | undefined;
  try {
    UploadId = (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }))).UploadId;
  } catch {
    return missing; // no multipart upload at all: the start's check or the first upload says why
  }
  const probe = async (call: MultipartCall, send: () => Promise<unknown>) => {
    try {
      await send();
    } catch (err) {
      if (isNotImplemented(err)) missing.push(call);
    }
  };
  await probe('ListParts', () => client.send(new ListPartsCommand({ Bucket: bucket, Key, UploadId })));
  await probe('ListMultipartUploads', () => client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: `${base}health/` })));
  await probe('AbortMultipartUpload', () => client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })));
  return missing;
}

/** The start's line about what is missing, or null when nothing is. */
export function missingCallsLine(missing: readonly MultipartCall[]): string | null {
  if (missing.length === 0) return null;
  const effects = [
    missing.includes('ListParts') ? 'resumable uploads are off (files go in one request)' : null,
    missing.includes('ListMultipartUploads') || missing.includes('AbortMultipartUpload')
      ? 'cut-off multipart uploads are not cleaned up here: give the bucket a lifecycle rule that aborts them'
      : null,
  ].filter(Boolean);
  return `the media storage lacks ${missing.join(', ')}: ${effects.join('; ')}`;
}
