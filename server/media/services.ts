import type { Grants } from '../grants/grants.ts';
import type { MediaExport } from './export/export.ts';
import type { MediaFileAccess } from './files/access.ts';
import type { MediaPathSigner } from './files/signing.ts';
import type { BackgroundWork } from './processing/background.ts';
import type { ListCache } from './records/list-cache.ts';
import type { MediaInfo } from './records/info.ts';
import type { MediaService } from './records/service.ts';
import type { MediaTimeline } from './timeline/timeline.ts';
import type { MediaTrash } from './trash/trash.ts';
import type { AudioTrim } from './trim/trim.ts';
import type { MediaUploads } from './upload/intake.ts';
import type { RenditionSizes } from './usage/rendition-sizes.ts';
import type { MediaUsage } from './usage/usage.ts';

/**
 * What the media feature's routes are given: its services, built by compose.ts (the composition root) from
 * the app's dependencies. Declared here, with the feature, so that routes need nothing of compose.ts.
 */
export interface MediaServices {
  records: MediaService;
  /** The viewer's «Сведения» read from the original: its file name, a photo's camera and exposure. */
  info: MediaInfo;
  uploads: MediaUploads;
  /** Deleted items: listed, restored, removed for good (also 30 days after deletion). */
  trash: MediaTrash;
  /** Trimming a ready recording (the cut itself is the 'trim-audio' job). */
  trim: AudioTrim;
  /** What the owner's media take up, and the quota. */
  usage: MediaUsage;
  /** «Скачать всё»: the ZIP of every original. */
  export: MediaExport;
  /** Measures the renditions of rows made before their sizes were stored. */
  renditionSizes: RenditionSizes;
  /** Work off the request path that is not a queued job (the trash's purge, measuring): shutdown drains it. */
  background: BackgroundWork;
  /** Signs the `/media/…` URLs of records. */
  paths: MediaPathSigner;
  /** The lists kept ready as bytes, per user, kind, view and media version. */
  lists: ListCache;
  /** Each kind's timeline, a month at a time. */
  timeline: MediaTimeline;
  /** Decides whether a `/media/…` URL is served: its signature, and a row that still names the key. */
  fileAccess: MediaFileAccess;
  /** Whether the permission a signed link carries (a session, a share link) still holds. */
  grants: Grants;
}
