// `npm run worker`: a worker alone, with no HTTP: media processing (MP3 and waveform, photo copies,
// video MP4 and poster), removing deleted files, the storage reconciliation. It works on the database
// and the media storage of the environment's config (DATABASE_URL, MEDIA_STORAGE, DATA_DIR), the same
// as the API processes', so it may run on any machine that reaches both; several may run at once.
import { systemClock } from '../clock.ts';
import { composeQueue, composeWorker, startWorker } from '../compose.ts';
import { DatabaseClock } from '../db/database-clock.ts';
import { createProcessor } from '../media/processing/processor.ts';
import { Metrics } from '../metrics/metrics.ts';
import { startMetricsServer } from '../metrics/server.ts';
import { countStorageErrors } from '../metrics/storage.ts';
import { createLogger, startupLogger } from '../log/logger.ts';
import { logRepeated } from '../log/repeats.ts';
import { loadConfigOrExit, openStores, warnOfBundledFfmpeg } from './start.ts';
import { startupReport } from './startup-report.ts';
import { missingCallsLine } from '../storage/abilities.ts';
import { keepWorkerAlive } from './worker-alive.ts';

async function main(): Promise<void> {
  // Like the API processes: SECRET_KEY required with PostgreSQL or S3, so one environment file serves all.
  const config = loadConfigOrExit();
  const log = createLogger({ level: config.logLevel, format: config.logFormat });
  const said = startupLogger(log);
  warnOfBundledFfmpeg(config, (line) => log.warn(line));
  const { db, storage, migrations, storageLacks } = await openStores(config, (err) =>
    logRepeated(log, 'warn', 'database connection lost', err, 'a database connection was lost; new ones are opened as needed'),
  );
  const report = startupReport(config, { role: 'worker', migrations });
  said.info(report.fields, report.message);
  const lacking = missingCallsLine(storageLacks);
  if (lacking) log.warn({ storageLacks }, lacking);
  const metrics = new Metrics();
  // Claims, leases and schedules by the database's clock, whatever this machine's says.
  const jobClock = await DatabaseClock.start(db, {
    onError: (err) => logRepeated(log, 'warn', 'database clock', err, "could not read the database's clock (the last reading goes on)"),
  });
  const clockSkewMs = Date.now() - jobClock.now().getTime();
  if (Math.abs(clockSkewMs) > 1_000)
    log.warn({ clockSkewMs }, "this machine's clock is off the database's: claims and schedules go by the database's");
  const deps = {
    config,
    db,
    storage: countStorageErrors(storage, metrics),
    clock: systemClock,
    jobClock,
    processor: createProcessor({ ffmpegPath: config.ffmpegPath }),
  };
  const queue = composeQueue(deps, log);
  const worker = composeWorker(deps, log, queue, { metrics });
  // METRICS_PORT: this worker's job runs, storage errors and Node's figures, and the shared queue's counts.
  const metricsServer =
    config.metricsPort === null
      ? undefined
      : await startMetricsServer({
          port: config.metricsPort,
          host: config.metricsHost,
          contentType: metrics.registry.contentType,
          render: () => metrics.registry.metrics(),
          log: (m) => log.error(m),
        });
  if (metricsServer) {
    metrics.collectProcessFigures();
    metrics.watchJobs(db, systemClock);
  }

  // A stop hands the running jobs back (another worker takes them at once) and exits 0; a part that does not
  // close within SHUTDOWN_GRACE_S is left (its claim runs out) and the exit is 1.
  let stopAlive = () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const began = performance.now();
    said.info({ signal }, `stopping (${signal}): handing the running jobs back`);
    const force = setTimeout(() => {
      said.warn(`stopping: not closed after SHUTDOWN_GRACE_S=${config.shutdownGraceMs / 1000} s; exiting`);
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    try {
      stopAlive();
      metricsServer?.close();
      await worker.stop();
      jobClock.stop();
      await db.destroy();
    } finally {
      said.info(`stopped in ${((performance.now() - began) / 1000).toFixed(1)} s`);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await startWorker(worker, queue);
  stopAlive = keepWorkerAlive(worker);
  said.info('Копилка: worker started');
}

void main().catch((err) => {
  console.error(`Копилка: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
