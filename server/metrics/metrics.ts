import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import { VERSION } from '../version.ts';
import { JobMetricsRepository } from './jobs-repository.ts';

/** How a job's run ended: done, handed back to be tried again, given up, or its claim lost to another process. */
export type JobOutcome = 'done' | 'retry' | 'gave_up' | 'lost';

/** Seconds: from a quick API answer to a long download. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds: from a 3-second recording's MP3 to a two-hour video's conversion. */
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];
/**
 * Seconds: from a claim within a nudge's millisecond, through a poll's wait (the default poll is every
 * second, so the steps under 1 s are fine enough for a p50 and a p99), to a queue backed up for minutes.
 */
const PICKUP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.25, 1.5, 2, 3, 5, 10, 30, 60, 300, 900];

/**
 * The Prometheus figures of one process, in a registry of its own (each app of the tests has its own;
 * a METRICS_PORT listener shows it, see metrics/server.ts). What each process measures itself: its
 * requests, its jobs' runs, the bytes uploaded to it, its storage errors, its list cache, and Node's own
 * figures once `collectProcessFigures` is called. The jobs' counts come from the shared table at each
 * scrape, once `watchJobs` is called; under node:cluster their aggregation takes the largest process's
 * answer rather than the sum, since every process reads the same table.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requestDuration = this.histogram(
    'kopilka_http_request_duration_seconds',
    'Time to answer an HTTP request, by method, route (its template) and status',
    ['method', 'route', 'status'],
    REQUEST_BUCKETS,
  );

  readonly jobDuration = this.histogram(
    'kopilka_job_duration_seconds',
    'Time a job run took in this process, by kind and how it ended',
    ['kind', 'outcome'],
    JOB_BUCKETS,
  );

  readonly jobPickup = this.histogram(
    'kopilka_job_pickup_seconds',
    'Time a job waited to be claimed by this process (from its run_after, or created_at if later, to the claim), by kind',
    ['kind'],
    PICKUP_BUCKETS,
  );

  readonly uploadedBytes = this.counter(
    'kopilka_uploaded_bytes_total',
    'Request body bytes received by the upload routes (multipart uploads and tus PATCHes), by route',
    'route',
  );

  readonly storageErrors = this.counter(
    'kopilka_storage_errors_total',
    'Media storage operations that failed (not a missing key, not an upload over its limit), by operation',
    'operation',
  );

  readonly listCache = this.counter(
    'kopilka_list_cache_lookups_total',
    'Media list requests: served from the kept bytes (hit), joined a build in progress (shared), or built (miss)',
    'result',
  );

  /** Always 1, labelled with the release: which version each scraped process runs (an upgrade shows as the label changing). */
  readonly buildInfo = new Gauge({
    name: 'kopilka_build_info',
    help: 'The release this process runs (package.json), as the label version; always 1',
    labelNames: ['version'] as const,
    registers: [this.registry],
    // Every process of one server runs one release: under node:cluster the figure stays 1, not the count.
    aggregator: 'max',
  });

  private processFigures = false;

  constructor() {
    this.buildInfo.set({ version: VERSION }, 1);
  }

  /** A histogram in this process's registry. */
  private histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /** A counter in this process's registry, by one label. */
  private counter<L extends string>(name: string, help: string, label: L): Counter<L> {
    return new Counter({ name, help, labelNames: [label], registers: [this.registry] });
  }

  /** Node's own figures (CPU, memory, event loop lag, handles, GC): only in a real process, not per test app. */
  collectProcessFigures(): void {
    if (this.processFigures) return;
    this.processFigures = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** The jobs waiting, running and failed by kind, and the oldest due job's wait, read from the database at each scrape. */
  watchJobs(db: Db, clock: Clock): void {
    const repo = new JobMetricsRepository(db);
    let read: Promise<Awaited<ReturnType<JobMetricsRepository['figures']>>> | null = null;
    // One query per scrape for both gauges.
    const figures = () => (read ??= repo.figures(clock.now().toISOString()).finally(() => setImmediate(() => (read = null))));
    new Gauge({
      name: 'kopilka_jobs',
      help: 'Jobs in the shared queue by kind and state (waiting, running, failed: waiting for a retry after a failed run)',
      labelNames: ['kind', 'state'] as const,
      registers: [this.registry],
      aggregator: 'max',
      async collect() {
        this.reset();
        for (const c of (await figures()).counts) {
          this.set({ kind: c.kind, state: 'waiting' }, c.waiting);
          this.set({ kind: c.kind, state: 'running' }, c.running);
          this.set({ kind: c.kind, state: 'failed' }, c.failed);
        }
      },
    });
    new Gauge({
      name: 'kopilka_jobs_oldest_waiting_seconds',
      help: 'How long the longest-waiting due job has waited to be claimed (0: none waits)',
      registers: [this.registry],
      aggregator: 'max',
      async collect() {
        const { oldestDueAt } = await figures();
        this.set(oldestDueAt ? Math.max(0, (clock.now().getTime() - Date.parse(oldestDueAt)) / 1000) : 0);
      },
    });
  }
}
