import type { MediaKind } from './media.ts';

/**
 * Resumable uploads: the tus 1.0 protocol (creation, termination, expiration) under this path. The
 * creation's Upload-Metadata carries `kind`, `title`, `description` and `filename`; Upload-Length is
 * required (no deferred length) and checked against the kind's size limit. The PATCH (or creation with
 * upload) that completes it answers 201 with the record, or refuses the file as the multipart upload
 * of that kind would (the same field errors, and 409 for a file already kept).
 */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads/';

/** An upload left unfinished this long is refused (410) and its bytes are removed. */
export const RESUMABLE_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How many unfinished resumable uploads one user may have at a time; a new one past it is refused
 * (429). Each counts against the user's quota with its declared length until it finishes or expires.
 */
export const MAX_UNFINISHED_UPLOADS = 10;

/** What a resumable upload's Upload-Metadata says about the record it will become. */
export interface ResumableUploadMetadata {
  kind: MediaKind;
  title: string;
  description: string;
  filename: string;
}
