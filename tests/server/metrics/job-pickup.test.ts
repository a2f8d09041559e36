import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeWorker } from '../../../server/compose.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { sample } from '../../support/prometheus.ts';

const quiet = { error() {}, warn() {}, info() {} };

describe('kopilka_job_pickup_seconds: how long a due job waited before a worker claimed it', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The app runs no worker of its own: the test's worker is the only one that claims.
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('counts each claimed job by kind, from its run_after (or its created_at, if later) to the claim', async () => {
    const { queue, metrics } = t.services;
    const figures = () => metrics.registry.metrics();
    expect(sample(await figures(), 'kopilka_job_pickup_seconds_count', { kind: 'purge-files' })).toBeUndefined();

    // One job due at once, one due a second after it was added; the worker claims both 3 s after they were added.
    await queue.enqueue({ kind: 'purge-files', payload: { keys: ['u/0/pickup-now'] } });
    await queue.enqueue({
      kind: 'purge-files',
      payload: { keys: ['u/0/pickup-later'] },
      runAfter: new Date(t.clock.now().getTime() + 1_000),
    });
    t.clock.advance(3_000);
    await composeWorker(t.deps, quiet, queue, { metrics }).settle();

    const text = await figures();
    expect(sample(text, 'kopilka_job_pickup_seconds_count', { kind: 'purge-files' })).toBe(2);
    expect(sample(text, 'kopilka_job_pickup_seconds_sum', { kind: 'purge-files' })).toBeCloseTo(3 + 2, 6);
    expect(sample(text, 'kopilka_job_pickup_seconds_bucket', { kind: 'purge-files', le: '1.5' })).toBe(0);
    expect(sample(text, 'kopilka_job_pickup_seconds_bucket', { kind: 'purge-files', le: '2' })).toBe(1);
    expect(sample(text, 'kopilka_job_pickup_seconds_bucket', { kind: 'purge-files', le: '3' })).toBe(2);
    // The jobs ran to their end: a claim is counted once, whatever the run does after it.
    expect(sample(text, 'kopilka_job_duration_seconds_count', { kind: 'purge-files', outcome: 'done' })).toBe(2);
  });
});
