import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createProcessor } from './media/processor.ts';
import { loadConfigOrExit, openStores, sweepStaleTemp, useStorageWorkDirAsTemp } from './process-start.ts';
import { createSmsSender } from './sms/create-sms.ts';
import { ensureWebBuild } from './web/ensure-build.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await useStorageWorkDirAsTemp(config);
  if (config.serveWeb && process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild(root, config.outDir, (m) => console.log(m));

  const { db, storage } = await openStores(config);
  const log = (m: string) => console.log(m);
  const stopSweep = await sweepStaleTemp(config, storage, systemClock, log);
  const { app } = await buildApp({
    config,
    db,
    storage,
    mailer: createMailer(config, log),
    sms: createSmsSender(config, log),
    clock: systemClock,
    processor: createProcessor({ ffmpegPath: config.ffmpegPath }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopSweep();
      await app.close();
      await db.destroy();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Копилка работает: http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

void main().catch((err) => {
  console.error(`Копилка: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
