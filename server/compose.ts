import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.ts';
import { AccountActions } from './accounts/account-actions.ts';
import { AlbumsRepository } from './albums/repository.ts';
import { AlbumsService } from './albums/service.ts';
import { AlbumMembers } from './albums/members/service.ts';
import { PartnersRepository } from './partners/repository.ts';
import { Partners } from './partners/service.ts';
import { SharesRepository } from './shares/repository.ts';
import { SharesService } from './shares/service.ts';
import { Throttle } from './throttle/throttle.ts';
import { EmailChange } from './profile/email-change.ts';
import { userPresenter, type PresentUser } from './accounts/present.ts';
import { sessionGuard, type Guard } from './auth/guard.ts';
import { AuthService } from './auth/service.ts';
import { SessionList } from './auth/session-list.ts';
import { AuthRepository } from './auth/repository.ts';
import { TwoFactorRepository } from './auth/two-factor-repository.ts';
import type { TwoFactor } from './auth/two-factor.ts';
import { NotMe } from './auth/not-me.ts';
import { Reauth } from './auth/reauth.ts';
import { Grants } from './grants/grants.ts';
import { GrantsRepository } from './grants/repository.ts';
import { purgeFilesDefinition } from './storage/purge-files.ts';
import { JobQueue, type JobLog } from './jobs/queue.ts';
import { jobSignals } from './jobs/signals.ts';
import { reconcileStorageJob, scheduleReconciliation } from './storage/reconcile.ts';
import { Worker, type WorkerDeps } from './jobs/worker.ts';
import { BackgroundWork } from './media/processing/background.ts';
import { MediaFileAccess } from './media/files/access.ts';
import type { MediaLog } from './media/log.ts';
import { MediaProcessing } from './media/processing/processing.ts';
import { processingJobs } from './media/processing/jobs.ts';
import { photoDatesJob } from './media/processing/photo-dates-job.ts';
import { audioTagsJob } from './media/processing/audio-tags-job.ts';
import { MediaRepository } from './media/records/repository.ts';
import { MediaExport } from './media/export/export.ts';
import { RenditionSizes } from './media/usage/rendition-sizes.ts';
import { MediaService } from './media/records/service.ts';
import { MediaInfo } from './media/records/info.ts';
import { ListCache } from './media/records/list-cache.ts';
import { MediaTimeline } from './media/timeline/timeline.ts';
import { TimelineRepository } from './media/timeline/repository.ts';
import { MediaPathSigner } from './media/files/signing.ts';
import { StoredKeyOwnersRepository } from './media/files/stored-key-owners-repository.ts';
import { MediaTrash } from './media/trash/trash.ts';
import { AudioCutter } from './media/trim/audio-cut.ts';
import { resolveFfmpeg } from './media/processing/ffmpeg.ts';
import { AudioTrim } from './media/trim/trim.ts';
import { trimJobDefinition } from './media/trim/job.ts';
import { TrimRepository } from './media/trim/repository.ts';
import { TrashRepository } from './media/trash/repository.ts';
import { MediaUploads } from './media/upload/intake.ts';
import { MediaUsage } from './media/usage/usage.ts';
import { UsageRepository } from './media/usage/repository.ts';
import { Readiness } from './health/readiness.ts';
import type { Metrics } from './metrics/metrics.ts';
import { OAuthRepository } from './oauth/repository.ts';
import { OAuthSignIn } from './oauth/service.ts';
import { PasskeysRepository } from './passkeys/repository.ts';
import { Passkeys } from './passkeys/service.ts';
import { ProfileService } from './profile/service.ts';
import { DbLocker } from './uploads/db-locker.ts';
import { UploadLocksRepository } from './uploads/lock-repository.ts';
import { UploadsRepository } from './uploads/repository.ts';
import { ResumableUploads } from './uploads/service.ts';
import { stagingStore } from './uploads/staging-store.ts';
import type { MediaServices } from './media/services.ts';
import type { UploadServices } from './uploads/services.ts';
import { composeAdmin, type AdminServices } from './admin/services.ts';

/** Everything the routes call, built once at start from the app's dependencies. */
export interface Services {
  guard: Guard;
  presentUser: PresentUser;
  auth: AuthService;
  /** The owner's sessions, listed and ended from the profile. */
  sessionList: SessionList;
  /** Two-step sign-in: the one the auth service asks at login. */
  twoFactor: TwoFactor;
  /** «Это был не я»: the links mailed with every new way in, and what using one undoes. */
  notMe: NotMe;
  /** Re-confirming a session's sign-in (recent sign-in, "sudo mode"). */
  reauth: Reauth;
  emailChange: EmailChange;
  /** Passkeys: the owner's keys and signing in with one. */
  passkeys: Passkeys;
  /** Signing in with VK ID and Yandex ID, and the owner's linked providers. */
  oauth: OAuthSignIn;
  profile: ProfileService;
  media: MediaServices;
  /** The owner's albums of items of any kind. */
  albums: AlbumsService;
  /** Who an album is shared with: invited, given roles, removed, leaving. */
  albumMembers: AlbumMembers;
  /** Partner sharing: whose photos and videos each account's timeline adds. */
  partners: Partners;
  /** Public links to an item or an album, and what they hand out. */
  shares: SharesService;
  uploads: UploadServices;
  /** The shared job queue (in the database). */
  queue: JobQueue;
  /** This process's worker; null when it runs no jobs (RUN_JOBS=false). */
  worker: Worker | null;
  /** /api/health/ready/: the database, the storage and this process's worker. */
  readiness: Readiness;
  /** This process's Prometheus figures (shown on METRICS_PORT). */
  metrics: Metrics;
  /** The admin area: registration and invitations, actions on accounts, the server's state, the audit log. */
  admin: AdminServices;
}

/** The job queue of one process, on the app's database and its lease clock, signalling other processes on PostgreSQL. */
export function composeQueue(deps: Pick<AppDeps, 'db' | 'clock' | 'jobClock' | 'config'>, log: JobLog): JobQueue {
  const signals = jobSignals(deps.config, deps.db, log);
  return new JobQueue({ db: deps.db, clock: deps.jobClock ?? deps.clock, lease: deps.config.jobLease, log, signals });
}

/** The media services of one process. */
export function composeMedia(deps: AppDeps, log: MediaLog, queue: JobQueue, metrics?: Metrics): MediaServices {
  const repo = new MediaRepository(deps.db);
  const { storage, clock } = deps;
  const background = new BackgroundWork(log);
  const processing = new MediaProcessing({ storage, processor: deps.processor, log });
  const usageRepo = new UsageRepository(deps.db);
  const usage = new MediaUsage({ repo: usageRepo, config: deps.config, clock });
  const grants = new Grants(new GrantsRepository(deps.db), clock);
  return {
    records: new MediaService({ repo, queue, clock }),
    info: new MediaInfo({ repo, storage }),
    uploads: new MediaUploads({ repo, storage, processing, queue, usage, clock, config: deps.config, log }),
    trash: new MediaTrash({ repo: new TrashRepository(deps.db), queue, clock }),
    trim: new AudioTrim({ repo: new TrimRepository(deps.db), queue, usage, clock }),
    usage,
    export: new MediaExport({ repo, storage, clock, config: deps.config, grants }),
    renditionSizes: new RenditionSizes({ repo: usageRepo, storage, background, log }),
    background,
    paths: new MediaPathSigner(deps.config.secretKey),
    lists: new ListCache(undefined, metrics && ((result) => metrics.listCache.inc({ result }))),
    timeline: new MediaTimeline({ repo: new TimelineRepository(deps.db) }),
    fileAccess: new MediaFileAccess({ owners: new StoredKeyOwnersRepository(deps.db), grants, secretKey: deps.config.secretKey, clock }),
    grants,
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
    background: media.background,
    clock: deps.clock,
    config: deps.config,
    log,
  });
  return { service, store, locker: new DbLocker(new UploadLocksRepository(deps.db), deps.jobClock ?? deps.clock) };
}

/** What a worker is built from: the app's dependencies but mail and SMS (it sends neither). */
export type WorkerDepsOf = Pick<AppDeps, 'config' | 'db' | 'storage' | 'clock' | 'jobClock' | 'processor'>;

/** What a test may change in a worker: the media repository (to play a stalling process), slots, polling; and where its runs are measured. */
export interface WorkerOptions {
  repo?: MediaRepository;
  concurrency?: WorkerDeps['concurrency'];
  pollMs?: number;
  metrics?: Metrics;
  sweepEveryMs?: number;
}

/**
 * A worker for every kind of job, on the app's database and storage: `npm start` runs one in the API
 * process (unless RUN_JOBS=false), `npm run worker` runs one alone. Work folders live under
 * DATA_DIR/work/jobs. Claims, leases and schedules go by the lease clock (`jobClock`: the database's);
 * what the jobs write into records (their times) by the process's own.
 */
export function composeWorker(deps: WorkerDepsOf, log: JobLog, queue: JobQueue, own: WorkerOptions = {}): Worker {
  const { db, storage, clock } = deps;
  const jobClock = deps.jobClock ?? clock;
  const workRoot = path.join(deps.config.dataDir, 'work', 'jobs');
  const processing = new MediaProcessing({ storage, processor: deps.processor, log });
  return new Worker({
    db,
    queue,
    clock: jobClock,
    log,
    workRoot,
    concurrency: own.concurrency,
    pollMs: own.pollMs,
    observe: own.metrics && ((kind, outcome, seconds) => own.metrics!.jobDuration.observe({ kind, outcome }, seconds)),
    observePickup: own.metrics && ((kind, seconds) => own.metrics!.jobPickup.observe({ kind }, seconds)),
    sweepEveryMs: own.sweepEveryMs,
    definitions: [
      ...processingJobs({ repo: own.repo ?? new MediaRepository(db), storage, processing, clock, log }),
      trimJobDefinition({
        repo: new TrimRepository(db),
        storage,
        processor: deps.processor,
        cutter: new AudioCutter(resolveFfmpeg(deps.config.ffmpegPath)),
        queue,
        clock,
        log,
      }),
      purgeFilesDefinition(storage),
      reconcileStorageJob({ db, storage, clock: jobClock, log }),
      photoDatesJob({ db, processing, queue, log }),
      audioTagsJob({ db, storage, processor: deps.processor, queue, log }),
    ],
  });
}

/** A worker's start: the storage reconciliation is due at once (one, whatever the number of workers), then jobs are taken. */
export async function startWorker(worker: Worker, queue: JobQueue): Promise<void> {
  await scheduleReconciliation(queue);
  worker.start();
}

/** The composition root: process/api.ts and the tests both get their services from here, through buildApp. */
export function composeServices(deps: AppDeps, log: FastifyBaseLogger, metrics: Metrics): Services {
  const actions = new AccountActions(deps, log);
  const notMe = new NotMe({ db: deps.db, actions, clock: deps.clock, publicUrl: deps.config.publicUrl });
  const queue = composeQueue(deps, log);
  const media = composeMedia(deps, log, queue, metrics);
  const worker = deps.config.runJobs ? composeWorker(deps, log, queue, { metrics }) : null;
  const albums = new AlbumsService({ repo: new AlbumsRepository(deps.db), clock: deps.clock });
  const readiness = new Readiness({
    db: deps.db,
    storage: deps.storage,
    clock: deps.clock,
    worker,
    log,
    storageLacks: () => [...(deps.storageLacks ?? [])],
  });
  const sessionList = new SessionList(deps);
  const uploads = composeUploads(deps, media, log);
  const profile = new ProfileService(deps, actions, queue);
  // The admin area takes the other features' steps through these.
  const admin = composeAdmin(deps, {
    endSessions: (userId) => sessionList.endAll(userId),
    removeAccount: (user) => profile.removeAccount(user),
    cancelUpload: (id) => uploads.service.cancel(id),
    mail: (to, message) => actions.delivery.mail(to, message),
    storeResetToken: (row) => new AuthRepository(deps.db).insertResetToken(row),
    turnOffTwoFactor: (userId) => new TwoFactorRepository(deps.db).disable(userId, deps.clock.now().toISOString()),
    readiness,
  });
  const auth = new AuthService(deps, actions, admin.registration);
  const passkeys = new Passkeys({
    repo: new PasskeysRepository(deps.db),
    users: auth.users,
    actions,
    sessions: auth.sessions,
    notMe,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    secretKey: deps.config.secretKey,
  });
  return {
    guard: sessionGuard(deps),
    presentUser: userPresenter(deps),
    auth,
    sessionList,
    twoFactor: auth.twoFactor,
    notMe,
    emailChange: new EmailChange(deps, actions, notMe),
    passkeys,
    reauth: new Reauth({
      repo: auth.repo,
      actions,
      clock: deps.clock,
      passkeys: {
        options: async (user, origin) => ({ ...(await passkeys.reauthOptions(user, origin)) }),
        confirm: (user, answer) => passkeys.confirmOwner(user, answer),
      },
    }),
    oauth: new OAuthSignIn({
      repo: new OAuthRepository(deps.db),
      users: auth.users,
      actions,
      auth,
      notMe,
      clock: deps.clock,
      publicUrl: deps.config.publicUrl,
      providers: deps.config.oauth,
      registration: admin.registration,
    }),
    profile,
    media,
    albums,
    albumMembers: new AlbumMembers({
      db: deps.db,
      albums,
      users: auth.users,
      throttle: new Throttle(deps.db, deps.clock),
      delivery: actions.delivery,
      clock: deps.clock,
      publicUrl: deps.config.publicUrl,
    }),
    partners: new Partners({
      repo: new PartnersRepository(deps.db),
      users: auth.users,
      throttle: new Throttle(deps.db, deps.clock),
      delivery: actions.delivery,
      clock: deps.clock,
      publicUrl: deps.config.publicUrl,
    }),
    shares: new SharesService({
      repo: new SharesRepository(deps.db),
      albums,
      grants: media.grants,
      throttle: new Throttle(deps.db, deps.clock),
      clock: deps.clock,
      secretKey: deps.config.secretKey,
    }),
    uploads,
    queue,
    worker,
    readiness,
    metrics,
    admin,
  };
}
