import type { ResumableUploads } from './service.ts';
import type { StagingStore } from './staging-store.ts';
import type { DbLocker } from './db-locker.ts';

/** Resumable uploads: their rules, the tus store their bytes are staged in, and the locks shared by every process. */
export interface UploadServices {
  service: ResumableUploads;
  store: StagingStore;
  locker: DbLocker;
}
