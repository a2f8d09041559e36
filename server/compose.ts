import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.ts';
import { AccountActions } from './accounts/account-actions.ts';
import { EmailChange } from './accounts/email-change.ts';
import { userPresenter, type PresentUser } from './accounts/present.ts';
import { sessionGuard, type Guard } from './auth/guard.ts';
import { AuthService } from './auth/service.ts';
import { SessionList } from './auth/session-list.ts';
import type { TwoFactor } from './auth/two-factor.ts';
import { BackgroundWork, type MediaLog } from './media/background.ts';
import { MediaFileAccess } from './media/file-access.ts';
import { MediaJobs, type Lease } from './media/jobs.ts';
import { LeftoverSweep } from './media/leftovers.ts';
import { MediaProcessing } from './media/processing.ts';
import { MediaRepository } from './media/repository.ts';
import { MediaExport } from './media/export.ts';
import { RenditionSizes } from './media/rendition-sizes.ts';
import { MediaService } from './media/service.ts';
import { ListCache } from './media/list-cache.ts';
import { MediaPathSigner } from './media/signing.ts';
import { StoredKeyOwnersRepository } from './media/stored-key-owners-repository.ts';
import { MediaTrash } from './media/trash.ts';
import { TrashRepository } from './media/trash-repository.ts';
import { MediaUploads } from './media/upload-intake.ts';
import { MediaUsage } from './media/usage.ts';
import { UsageRepository } from './media/usage-repository.ts';
import { ProfileService } from './profile/service.ts';
import { DbLocker } from './uploads/db-locker.ts';
import { UploadLocksRepository } from './uploads/lock-repository.ts';
import { UploadsRepository } from './uploads/repository.ts';
import { ResumableUploads } from './uploads/service.ts';
import { stagingStore, type StagingStore } from './uploads/staging-store.ts';

/** The media feature's services, sharing one repository, one processing step and one set of background work. */
export interface MediaServices {
  records: MediaService;
  uploads: MediaUploads;
  jobs: MediaJobs;
  leftovers: LeftoverSweep;
  /** Deleted items: listed, restored, removed for good (also 30 days after deletion). */
  trash: MediaTrash;
  /** What the owner's media take up, and the quota. */
  usage: MediaUsage;
  /** «Скачать всё»: the ZIP of every original. */
  export: MediaExport;
  /** Measures the renditions of rows made before their sizes were stored. */
  renditionSizes: RenditionSizes;
  /** Work off the request path: shutdown drains it, tests wait on it. */
  background: BackgroundWork;
  /** Signs the `/media/…` URLs of records. */
  paths: MediaPathSigner;
  /** The lists kept ready as bytes, per user, kind and media version. */
  lists: ListCache;
  /** Decides whether a `/media/…` URL is served: its signature, and a row that still names the key. */
  fileAccess: MediaFileAccess;
}

/** Resumable uploads: their rules, the tus store their bytes are staged in, and the locks shared by every process. */
export interface UploadServices {
  service: ResumableUploads;
  store: StagingStore;
  locker: DbLocker;
}

/** Everything the routes call, built once at start from the app's dependencies. */
export interface Services {
  guard: Guard;
  presentUser: PresentUser;
  auth: AuthService;
  /** The owner's sessions, listed and ended from the profile. */
  sessionList: SessionList;
  /** Two-step sign-in: the one the auth service asks at login. */
  twoFactor: TwoFactor;
  emailChange: EmailChange;
  profile: ProfileService;
  media: MediaServices;
  uploads: UploadServices;
}

/**
 * The media services of one process. `own` replaces parts for tests that play several processes on
 * one database: another repository, or other lease timings.
 */
export function composeMedia(deps: AppDeps, log: MediaLog, own: { repo?: MediaRepository; lease?: Lease } = {}): MediaServices {
  const repo = own.repo ?? new MediaRepository(deps.db);
  const { storage, clock } = deps;
  const background = new BackgroundWork(log);
  const processing = new MediaProcessing({
    storage,
    processor: deps.processor,
    log,
    workDir: path.join(deps.config.dataDir, 'work', 'processing'),
  });
  const jobs = new MediaJobs({ repo, storage, processing, background, clock, log, lease: own.lease });
  const usageRepo = new UsageRepository(deps.db);
  const usage = new MediaUsage({ repo: usageRepo, config: deps.config });
  return {
    records: new MediaService({ repo, clock }),
    uploads: new MediaUploads({ repo, storage, processing, jobs, usage, clock, config: deps.config, log }),
    jobs,
    leftovers: new LeftoverSweep({ storage, processing, clock, background }),
    trash: new MediaTrash({ repo: new TrashRepository(deps.db), storage, clock, log }),
    usage,
    export: new MediaExport({ repo, storage, clock, config: deps.config }),
    renditionSizes: new RenditionSizes({ repo: usageRepo, storage, background, log }),
    background,
    paths: new MediaPathSigner(deps.config.secretKey),
    lists: new ListCache(),
    fileAccess: new MediaFileAccess({ owners: new StoredKeyOwnersRepository(deps.db), secretKey: deps.config.secretKey, clock }),
  };
}

/** The resumable uploads of one process, handing complete uploads to the media intake. */
export function composeUploads(deps: AppDeps, media: MediaServices, log: MediaLog): UploadServices {
  const repo = new UploadsRepository(deps.db);
  const store = stagingStore(deps.config, deps.storage, repo);
  const service = new ResumableUploads({
    repo,
    store,
    storage: deps.storage,
    intake: media.uploads,
    clock: deps.clock,
    config: deps.config,
    log,
  });
  return { service, store, locker: new DbLocker(new UploadLocksRepository(deps.db), deps.clock) };
}

/** The composition root: main.ts and the tests both get their services from here, through buildApp. */
export function composeServices(deps: AppDeps, log: FastifyBaseLogger): Services {
  const actions = new AccountActions(deps, log);
  const auth = new AuthService(deps, actions);
  const media = composeMedia(deps, log);
  return {
    guard: sessionGuard(deps),
    presentUser: userPresenter(deps),
    auth,
    sessionList: new SessionList(deps),
    twoFactor: auth.twoFactor,
    emailChange: new EmailChange(deps, actions),
    profile: new ProfileService(deps, actions, log),
    media,
    uploads: composeUploads(deps, media, log),
  };
}
