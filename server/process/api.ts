import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AggregatorRegistry } from 'prom-client';
import { buildApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { processIndex, runCluster } from './cluster.ts';
import { DatabaseClock } from '../db/database-clock.ts';
import { countRequestsInFlight } from '../http/in-flight.ts';
import { createLogger, startupLogger } from '../log/logger.ts';
import { logRepeated } from '../log/repeats.ts';
import { createMailer } from '../notify/create-mailer.ts';
import { createProcessor } from '../media/processing/processor.ts';
import { startMetricsServer } from '../metrics/server.ts';
import { createSmsSender } from '../notify/create-sms.ts';
import { ensureWebBuild } from '../web/ensure-build.ts';
import { loadConfigOrExit, openStores, sweepStaleTemp, useStorageWorkDirAsTemp, warnOfBundledFfmpeg } from './start.ts';
import { startupReport } from './startup-report.ts';
import { missingCallsLine } from '../storage/abilities.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger({ level: config.logLevel, format: config.logFormat });
  const said = startupLogger(log);
  const leftTemp = await useStorageWorkDirAsTemp(config);
  if (leftTemp > 0) said.info({ files: leftTemp }, `removed ${leftTemp} temporary file(s) a stopped process left`);
  const forked = cluster.isWorker;
  if (!forked) warnOfBundledFfmpeg(config, (line) => log.warn(line));
  // The web build and the migrations happen once, before any process serves: in the primary, or in
  // the one process of WEB_CONCURRENCY=1.
  if (!forked && config.serveWeb && process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild(root, config.outDir, (m) => said.info(m));
  const lostConnection = (err: Error) =>
    logRepeated(log, 'warn', 'database connection lost', err, 'a database connection was lost; new ones are opened as needed');
  if (!forked && config.webConcurrency > 1) {
    const { db, migrations, storageLacks } = await openStores(config, lostConnection);
    await db.destroy();
    const report = startupReport(config, { role: 'api', migrations });
    said.info(report.fields, report.message);
    const lacking = missingCallsLine(storageLacks);
    if (lacking) log.warn({ storageLacks }, lacking);
    // The primary shows the figures of every process it runs, gathered from them at each scrape.
    if (config.metricsPort !== null) {
      const aggregator = new AggregatorRegistry();
      await startMetricsServer({
        port: config.metricsPort,
        host: config.metricsHost,
        contentType: aggregator.contentType,
        render: () => aggregator.clusterMetrics(),
        log: (m) => log.error(m),
      });
    }
    runCluster({
      count: config.webConcurrency,
      runJobs: config.runJobs,
      graceMs: config.shutdownGraceMs,
      onListening: () =>
        said.info({ url: address(config.host, config.port) }, `${ready(config.host, config.port)} (${config.webConcurrency} processes)`),
      log: (m) => log.warn(m),
    });
    return;
  }

  const { db, storage, migrations, storageLacks } = await openStores(config, lostConnection);
  // Forked processes find the schema migrated by the primary: the primary said so.
  if (!forked) {
    const report = startupReport(config, { role: 'api', migrations });
    said.info(report.fields, report.message);
    const lacking = missingCallsLine(storageLacks);
    if (lacking) log.warn({ storageLacks }, lacking);
  }
  const stopSweep = await sweepStaleTemp(config, storage, systemClock, (m) => log.info(m));
  const jobClock = await DatabaseClock.start(db, {
    onError: (err) => logRepeated(log, 'warn', 'database clock', err, "could not read the database's clock (the last reading goes on)"),
  });
  const clockSkewMs = Date.now() - jobClock.now().getTime();
  if (Math.abs(clockSkewMs) > 1_000) {
    log.warn({ clockSkewMs }, "this machine's clock is off the database's: leases and schedules go by the database's");
  }
  const { app, services } = await buildApp(
    {
      config,
      db,
      storage,
      mailer: createMailer(config, (m) => log.info(m)),
      sms: createSmsSender(config, (m) => log.info(m)),
      clock: systemClock,
      jobClock,
      processor: createProcessor({ ffmpegPath: config.ffmpegPath }),
      storageLacks,
    },
    { loggerInstance: log },
  );
  const inFlight = countRequestsInFlight(app);

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
        log: (m) => log.error(m),
      });
  }

  // A stop (SIGTERM: systemd, a container's stop, `npm start`'s own process; SIGINT: Ctrl-C) closes the
  // port at once, lets the requests under way finish for up to SHUTDOWN_GRACE_S, hands the jobs back and
  // exits 0. Past the grace what is still under way (a long download) is cut, and the log says how much.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const began = performance.now();
    const under = inFlight.count();
    said.info({ signal, requests: under, graceS: config.shutdownGraceMs / 1000 }, `stopping (${signal}): ${under} request(s) under way`);
    let cut = 0;
    const force = setTimeout(() => {
      cut = inFlight.count();
      said.warn(
        { requests: cut },
        `stopping: ${cut} request(s) still under way after SHUTDOWN_GRACE_S=${config.shutdownGraceMs / 1000} s are cut`,
      );
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    force.unref();
    let code = 0;
    try {
      stopSweep();
      metricsServer?.close();
      jobClock.stop();
      await app.close();
      await db.destroy();
    } catch (err) {
      log.error({ err }, 'stopping: a part did not close cleanly');
      code = 1;
    } finally {
      clearTimeout(force);
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      said.info({ cut }, cut ? `stopped in ${seconds} s, ${cut} request(s) cut` : `stopped in ${seconds} s`);
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (processIndex() === null) said.info({ url: address(config.host, config.port) }, ready(config.host, config.port));
}

const address = (host: string, port: number) => `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
const ready = (host: string, port: number) => `Копилка работает: ${address(host, port)}`;

void main().catch((err) => {
  console.error(`Копилка: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
