/**
 * The fields of the API's answers that hold a URL, by name, wherever they sit in an answer: a record's signed
 * `/media/…` paths (MEDIA_URL_FIELDS of contract/media.ts) and its download, the account's photo, an album
 * cover's picture, a signed or share link. The web app makes a relative path absolute against the page's host
 * only in these (lib/api/rewrite-urls.ts; every http: string goes to the page's scheme, as the spec says). A new URL field is
 * named here (tests/unit/contract/urls.test.ts holds the records' to it). No zod: the API client carries it.
 */
export const URL_FIELDS: ReadonlySet<string> = new Set([
  // A record's files (signed, root-relative /media/ paths) and its download.
  'audio_file',
  'original_file',
  'file',
  'thumbnail',
  'preview',
  'playable',
  'poster',
  'download_url',
  // The account's photo, an album's cover.
  'photo_url',
  'thumb_url',
  // A signed link (a download, the export) and a share link.
  'url',
]);
