// `npm run worker`: a worker alone, with no HTTP: media processing (MP3 and waveform, photo copies,
// video MP4 and poster), removing deleted files, the storage reconciliation. It works on the database
// and the media storage of the environment's config (DATABASE_URL, MEDIA_STORAGE, DATA_DIR), the same
// as the API processes', so it may run on any machine that reaches both; several may run at once.
import { pino } from 'pino';
import { systemClock } from '../clock.ts';
import { composeQueue, composeWorker, startWorker } from '../compose.ts';
import { DatabaseClock } from '../db/database-clock.ts';
import { createProcessor } from '../media/processing/processor.ts';
import { Metrics } from '../metrics/metrics.ts';
import { startMetricsServer } from '../metrics/server.ts';
import { countStorageErrors } from '../metrics/storage.ts';
import { loadConfigOrExit, openStores, warnOfBundledFfmpeg } from './start.ts';

async function main(): Promise<void> {
  // Like the API processes: SECRET_KEY required with PostgreSQL or S3, so one environment file serves all.
  const config = loadConfigOrExit();
  warnOfBundledFfmpeg(config);
  const { db, storage } = await openStores(config);
  const log = pino({ level: config.logLevel });
  const metrics = new Metrics();
  // Claims, leases and schedules by the database's clock, whatever this machine's says.
  const jobClock = await DatabaseClock.start(db, { onError: (err) => log.warn({ err }, "could not read the database's clock") });
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
          log: (m) => console.error(m),
        });
  if (metricsServer) {
    metrics.collectProcessFigures();
    metrics.watchJobs(db, systemClock);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      metricsServer?.close();
      await worker.stop();
      jobClock.stop();
      await db.destroy();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await startWorker(worker, queue);
  console.log('Копилка: worker started');
}

void main().catch((err) => {
  console.error(`Копилка: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
