import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { processIndex, runCluster } from './cluster.ts';
import { DatabaseClock } from '../db/database-clock.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { createProcessor } from '../media/processing/processor.ts';
import { loadConfigOrExit, openStores, sweepStaleTemp, useStorageWorkDirAsTemp, warnOfBundledFfmpeg } from './start.ts';
import { createSmsSender } from '../sms/create-sms.ts';
import { ensureWebBuild } from '../web/ensure-build.ts';
import { AggregatorRegistry } from 'prom-client';
import { startMetricsServer } from '../metrics/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await useStorageWorkDirAsTemp(config);
  const forked = cluster.isWorker;
  if (!forked) warnOfBundledFfmpeg(config);
  // The web build and the migrations happen once, before any process serves: in the primary, or in
  // the one process of WEB_CONCURRENCY=1.
  if (!forked && config.serveWeb && process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild(root, config.outDir, (m) => console.log(m));
  if (!forked && config.webConcurrency > 1) {
    const { db } = await openStores(config);
    await db.destroy();
    // The primary shows the figures of every process it runs, gathered from them at each scrape.
    if (config.metricsPort !== null) {
      const aggregator = new AggregatorRegistry();
      await startMetricsServer({
        port: config.metricsPort,
        host: config.metricsHost,
        contentType: aggregator.contentType,
        render: () => aggregator.clusterMetrics(),
        log: (m) => console.error(m),
      });
    }
    runCluster({
      count: config.webConcurrency,
      runJobs: config.runJobs,
      onListening: () => console.log(`${ready(config.host, config.port)} (${config.webConcurrency} processes)`),
      log: (m) => console.error(m),
    });
    return;
  }

  const { db, storage } = await openStores(config);
  const log = (m: string) => console.log(m);
  const stopSweep = await sweepStaleTemp(config, storage, systemClock, log);
  const jobClock = await DatabaseClock.start(db, {
    onError: (err) => console.error(`Копилка: could not read the database's clock (the last reading goes on): ${String(err)}`),
  });
  const clockSkewMs = Date.now() - jobClock.now().getTime();
  if (Math.abs(clockSkewMs) > 1_000) {
    console.warn(
      `Копилка: this machine's clock is ${Math.round(clockSkewMs / 1000)} s off the database's: leases and schedules go by the database's`,
    );
  }
  const { app, services } = await buildApp({
    config,
    db,
    storage,
    mailer: createMailer(config, log),
    sms: createSmsSender(config, log),
    clock: systemClock,
    jobClock,
    processor: createProcessor({ ffmpegPath: config.ffmpegPath }),
  });

  const { metrics } = services;
  let metricsServer: { close(): void } | undefined;
  if (config.metricsPort !== null) {
    metrics.collectProcessFigures();
    // Forked by WEB_CONCURRENCY: the primary's listener asks this process for its figures (an
    // AggregatorRegistry made here answers those requests).
    if (forked) {
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries([metrics.registry]);
    } else
      metricsServer = await startMetricsServer({
        port: config.metricsPort,
        host: config.metricsHost,
        contentType: metrics.registry.contentType,
        render: () => metrics.registry.metrics(),
        log,
      });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopSweep();
      metricsServer?.close();
      jobClock.stop();
      await app.close();
      await db.destroy();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (processIndex() === null) console.log(ready(config.host, config.port));
}

const ready = (host: string, port: number) => `Копилка работает: http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

void main().catch((err) => {
  console.error(`Копилка: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
