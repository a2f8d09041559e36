import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { databaseTime } from '../../server/db/database-clock.ts';
import { createDb, type Db } from '../../server/db/kysely.ts';
import { RECONCILE_EVERY_MS } from '../../server/storage/reconcile.ts';
import { root } from '../support/processes.ts';
import { insertConfirmedUser, multipart } from '../server/support/media-fixtures.ts';
import { uploadMetadata } from '../server/support/tus.ts';
import { monoWav, sineSamples } from '../e2e/support/wav.ts';
import { JOB_LEASE_SECONDS, libfaketime, S3_TIMEOUT_SECONDS, startStack, type Api, type Stack } from './support/stack.ts';

/**
 * The faults of a scaled-out deployment, one at a time, on the deployment of the guide (PostgreSQL, an S3
 * server, two API processes with RUN_JOBS=false, two workers): a PostgreSQL restart under load, a bucket
 * frozen and then stopped, an upload cut by kill -9, a resume after its API process died, a worker whose
 * clock is hours ahead. After each, every process is still up and every job done.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A WAV of `seconds` of a tone (8 kHz, 16-bit, mono: 16 kB a second); each frequency makes a file of its own. */
const wav = (seconds: number, hz: number): Buffer => monoWav(8000, sineSamples(8000, seconds, hz, 8000));
let tone = 300;
const nextTone = () => (tone += 7);

interface Answer {
  status: number;
  text: string;
  headers: Headers;
  ms: number;
  /** When the answer came (Date.now()). */
  at: number;
}

describe('the deployment through its faults', () => {
  let stack: Stack;
  let db: Db;
  let auth: Record<string, string>;
  let apis: [Api, Api];

  beforeAll(async () => {
    stack = await startStack(path.join(root, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'faults'));
    apis = stack.apis;
    db = createDb({ dialect: 'postgres', url: stack.databaseUrl }, () => {});
    ({ headers: auth } = await insertConfirmedUser(db, stack.secretKey, systemClock, 'faults'));
  });
  afterAll(async () => {
    await db?.destroy();
    stack?.s3.client.destroy();
    stack?.stop();
  });

  async function call(
    api: Api,
    method: string,
    pathname: string,
    opts: { body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const started = performance.now();
    try {
      const res = await fetch(api.url(pathname), {
        method,
        headers: { ...auth, ...opts.headers },
        body: opts.body ? new Uint8Array(opts.body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      return { status: res.status, text, headers: res.headers, ms: performance.now() - started, at: Date.now() };
    } catch (err) {
      return { status: 0, text: String(err), headers: new Headers(), ms: performance.now() - started, at: Date.now() };
    }
  }
  const uploadAudio = (api: Api, data: Buffer, title = 'запись') => {
    const body = multipart({ title }, { field: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data });
    return call(api, 'POST', '/api/media/audio/', { body: body.payload, headers: body.headers });
  };
  const idOf = (a: Answer) => (JSON.parse(a.text) as { id: number }).id;

  /** An upload that sends `bytes` of its body and then nothing, its connection held open. */
  function stalledUpload(api: Api, data: Buffer, bytes: number) {
    const body = multipart({ title: 'долгая загрузка' }, { field: 'audio_file', filename: 'long.wav', contentType: 'audio/wav', data });
    const req = http.request({
      host: '127.0.0.1',
      port: api.port,
      method: 'POST',
      path: '/api/media/audio/',
      headers: { ...auth, ...body.headers, 'content-length': String(body.payload.length) },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
    });
    answer.catch(() => {});
    req.write(body.payload.subarray(0, bytes));
    return {
      finish: () => {
        req.end(body.payload.subarray(bytes));
        return answer;
      },
      cut: () => req.destroy(),
    };
  }

  const statuses = async (ids: number[]) =>
    ids.length ? await db.selectFrom('media').select(['id', 'status']).where('id', 'in', ids).execute() : [];
  async function untilReady(ids: number[], ms: number) {
    const end = Date.now() + ms;
    for (;;) {
      const rows = await statuses(ids);
      expect(rows.filter((r) => r.status === 'failed')).toEqual([]);
      if (rows.length === ids.length && rows.every((r) => r.status === 'ready')) return;
      if (Date.now() > end) throw new Error(`not ready after ${ms / 1000} s: ${JSON.stringify(rows.filter((r) => r.status !== 'ready'))}`);
      await sleep(500);
    }
  }
  async function until(what: string, cond: () => Promise<boolean>, ms: number) {
    const end = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
      await sleep(200);
    }
  }
  const everyProcessUp = () => {
    for (const p of [...stack.apis, ...stack.workers]) expect(p.alive(), `${p.name} is up`).toBe(true);
  };
  const unfinishedUploads = async () =>
    (await stack.s3.client.send(new ListMultipartUploadsCommand({ Bucket: stack.s3.bucket, Prefix: stack.s3.prefix }))).Uploads ?? [];

  it('a PostgreSQL restart under load costs only the requests made during it: every process stays up, every job is done', async () => {
    const answers: Answer[] = [];
    let loading = true;
    const load = async (api: Api) => {
      while (loading) {
        answers.push(await uploadAudio(api, wav(1, nextTone()), 'под нагрузкой'));
        answers.push(await call(api, 'GET', '/api/media/audio/'));
      }
    };
    const loops = [load(apis[0]), load(apis[1]), load(apis[0])];
    await sleep(2_000);
    const restartAt = Date.now();
    await stack.pg.restart();
    const restartedAt = Date.now();
    await sleep(4_000);
    loading = false;
    await Promise.all(loops);

    const count = (status: number) => answers.filter((a) => a.status === status).length;
    console.log(
      `PostgreSQL restarted in ${restartedAt - restartAt} ms under load: ${answers.length} answers, ` +
        `${count(201)} uploads accepted, ${count(200)} lists, ${count(503)} × 503`,
    );
    // Answers are served, or 503 while the database restarts: never a 500, a dropped connection or a dead process.
    expect(answers.filter((a) => ![200, 201, 503].includes(a.status)).map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
    for (const failed of answers.filter((a) => a.status === 503)) {
      expect(failed.at).toBeGreaterThanOrEqual(restartAt);
      expect(failed.at).toBeLessThanOrEqual(restartedAt + 3_000);
      expect(failed.headers.get('retry-after')).toBe('5');
    }
    expect(answers.filter((a) => a.status === 201 && a.at > restartedAt + 3_000).length, 'uploads after the restart').toBeGreaterThan(0);
    everyProcessUp();
    const logs = [...stack.apis, ...stack.workers].map((p) => readFileSync(p.log, 'utf8')).join('\n');
    expect(logs).toMatch(/terminating connection due to administrator command/);

    const accepted = answers.filter((a) => a.status === 201).map(idOf);
    expect(accepted.length).toBeGreaterThan(5);
    await untilReady(accepted, 60_000);
    everyProcessUp();
  });

  it('a frozen, then stopped bucket: every request answered 503 within the timeout, and the uploads of the outage ready after it', async () => {
    const ready = await uploadAudio(apis[0], wav(1, nextTone()), 'до сбоя');
    expect(ready.status, ready.text).toBe(201);
    await untilReady([idOf(ready)], 30_000);
    const record = JSON.parse((await call(apis[1], 'GET', `/api/media/audio/${idOf(ready)}/`)).text) as { audio_file: string };
    const signed = new URL(record.audio_file, 'http://x');
    const tusUploads = async () => (await db.selectFrom('uploads').select('id').execute()).length;
    const uploadsBefore = await tusUploads();

    // Accepted just before the storage goes away: their jobs meet the outage. The workers are held (SIGSTOP) from
    // before the uploads until the bucket is frozen: left running, one once processed an upload whole in the few
    // milliseconds before the freeze, and the job that was to meet the outage was gone.
    const holdWorkers = (sig: NodeJS.Signals) => {
      for (const w of stack.workers) process.kill(-w.child!.pid!, sig);
    };
    holdWorkers('SIGSTOP');
    let outage: Answer[];
    try {
      outage = [await uploadAudio(apis[0], wav(1, nextTone())), await uploadAudio(apis[1], wav(1, nextTone()))];
      stack.s3.freeze();
    } finally {
      holdWorkers('SIGCONT');
    }
    expect(outage.map((a) => a.status)).toEqual([201, 201]);
    const outageIds = outage.map(idOf);

    const everyRequest = async (fault: string, limitMs: number) => {
      const tus = {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '20000',
        'Upload-Metadata': uploadMetadata({ kind: 'audio', title: 'сбой' }),
      };
      const requests: [string, Promise<Answer>][] = [];
      requests.push(['download', call(apis[0], 'GET', `/api/media/audio/${idOf(ready)}/download/`)]);
      requests.push(['signed /media/ link', call(apis[1], 'GET', signed.pathname + signed.search)]);
      requests.push(['upload', uploadAudio(apis[0], wav(1, nextTone()))]);
      requests.push(['tus creation', call(apis[1], 'POST', '/api/uploads/', { headers: tus })]);
      for (const [what, pending] of requests) {
        const a = await pending;
        console.log(`bucket ${fault}: ${what} answered ${a.status} in ${Math.round(a.ms)} ms`);
        expect(a.status, `${fault}: ${what}: ${a.text}`).toBe(503);
        expect(a.headers.get('retry-after'), `${fault}: ${what}`).toBe('60');
        expect(JSON.parse(a.text), `${fault}: ${what}`).toEqual({
          detail: 'Хранилище файлов временно недоступно. Повторите попытку через минуту.',
        });
        expect(a.ms, `${fault}: ${what}`).toBeLessThan(limitMs);
      }
    };

    try {
      // A connection made, then nothing: each request fails after the timeout, not after the outage.
      await everyRequest('frozen', S3_TIMEOUT_SECONDS * 1000 + 3_000);
      await until(
        'the outage uploads’ jobs to meet it',
        async () => {
          const jobs = await db.selectFrom('jobs').select(['failures']).where('media_id', 'in', outageIds).execute();
          return jobs.length === 2 && jobs.every((j) => j.failures >= 1);
        },
        20_000,
      );
      await stack.s3.kill();
      await everyRequest('stopped', 3_000);
      expect(await tusUploads()).toBe(uploadsBefore); // refused creations left no upload
      expect((await statuses(outageIds)).map((r) => r.status)).toEqual(['processing', 'processing']);
    } finally {
      if (stack.s3.alive()) stack.s3.thaw();
      else await stack.s3.start();
    }
    await untilReady(outageIds, 90_000);
    everyProcessUp();
  });

  it('a multipart upload cut by kill -9 is gone once its journal entry runs out, and the API process is back', async () => {
    expect(await unfinishedUploads()).toEqual([]);
    const upload = stalledUpload(apis[0], wav(440, nextTone()), 6 * 1024 * 1024);
    await until('the upload to reach the bucket in parts', async () => (await unfinishedUploads()).length > 0, 30_000);
    await apis[0].kill();
    upload.cut();
    expect((await unfinishedUploads()).length).toBe(1);
    await until(
      'the multipart upload to be aborted',
      async () => (await unfinishedUploads()).length === 0,
      (JOB_LEASE_SECONDS + 20) * 1000,
    );
    await apis[0].start();
    everyProcessUp();
  });

  it('a tus upload whose API process was killed resumes through the other one within 5 s, with the right SHA-256', async () => {
    const data = wav(60, nextTone());
    const tus = { 'Tus-Resumable': '1.0.0' };
    const created = await call(apis[0], 'POST', '/api/uploads/', {
      headers: { ...tus, 'Upload-Length': String(data.length), 'Upload-Metadata': uploadMetadata({ kind: 'audio', title: 'продолжение' }) },
    });
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;

    const patch = http.request({
      host: '127.0.0.1',
      port: apis[0].port,
      method: 'PATCH',
      path: location,
      headers: {
        ...auth,
        ...tus,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(data.length),
      },
    });
    patch.on('error', () => {});
    patch.write(data.subarray(0, 400_000));
    await until(
      'the PATCH to hold the upload’s lock',
      async () => !!(await db.selectFrom('upload_locks').select('id').where('id', '=', id).executeTakeFirst()),
      10_000,
    );
    await sleep(1_500); // renewed while held
    await apis[0].kill();
    patch.destroy();

    const head = await call(apis[1], 'HEAD', location, { headers: tus });
    console.log(`the resume through the other API process answered in ${Math.round(head.ms)} ms`);
    expect(head.status).toBe(200);
    expect(head.ms).toBeLessThan(5_000);
    const offset = Number(head.headers.get('upload-offset'));
    const rest = await call(apis[1], 'PATCH', location, {
      headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: data.subarray(offset),
    });
    expect(rest.status, rest.text).toBe(201);
    const record = JSON.parse(rest.text) as { id: number; sha256: string };
    expect(record.sha256).toBe(sha256(data));
    await apis[0].start();
    await untilReady([record.id], 60_000);
    everyProcessUp();
  });

  it('a worker 2 h ahead claims nothing live, and keeps the storage check an hour from the database’s now', async () => {
    await Promise.all(stack.workers.map((w) => w.kill()));
    // A live claim: the journal entry of an upload in progress, renewed by the API process receiving it.
    const data = wav(440, nextTone());
    const upload = stalledUpload(apis[1], data, 6 * 1024 * 1024);
    await until(
      'the upload’s journal entry',
      async () =>
        !!(await db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'purge-files')
          .where('lease_until', 'is not', null)
          .executeTakeFirst()),
      20_000,
    );
    const held = await db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'purge-files')
      .where('lease_until', 'is not', null)
      .executeTakeFirstOrThrow();

    const ahead = stack.workers[1];
    await ahead.start({ LD_PRELOAD: libfaketime(), FAKETIME: '+2h', DONT_FAKE_MONOTONIC: '1' });
    expect(readFileSync(ahead.log, 'utf8')).toMatch(/"clockSkewMs":7\d{6}/); // it does run 2 h ahead
    await sleep(3 * JOB_LEASE_SECONDS * 1000 + 2_000); // what it takes for a claim to run out three times over
    expect(await db.selectFrom('jobs').select(['claim', 'attempts']).where('id', '=', held.id).executeTakeFirstOrThrow()).toEqual({
      claim: held.claim,
      attempts: held.attempts,
    });
    const done = await upload.finish();
    expect(done.status, done.text).toBe(201);

    // The storage check it ran at its start is due again an hour from the database's now, not three.
    await until(
      'the storage check to run',
      async () => {
        const check = await db.selectFrom('jobs').selectAll().where('kind', '=', 'reconcile-storage').executeTakeFirst();
        return !!check && check.lease_until === null && Date.parse(check.run_after) > Date.now() + 30 * 60_000;
      },
      30_000,
    );
    const check = await db.selectFrom('jobs').selectAll().where('kind', '=', 'reconcile-storage').executeTakeFirstOrThrow();
    const dueIn = Date.parse(check.run_after) - (await databaseTime(db)).getTime();
    expect(dueIn).toBeLessThanOrEqual(RECONCILE_EVERY_MS);
    expect(dueIn).toBeGreaterThan(RECONCILE_EVERY_MS - 60_000);

    // It works all the same: the new recording is made ready, by it alone.
    await untilReady([(JSON.parse(done.text) as { id: number }).id], 60_000);
    await stack.workers[0].start();
    everyProcessUp();
  });
});
