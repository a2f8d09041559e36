// The container test's journey through a running Копилка (scripts/test-container.sh): sign up with the
// code from the outbox, confirm, sign in, upload a recording, wait for the worker's MP3, download the
// original byte for byte and the MP3, and read the API's description and docs page.
// Usage: node --import tsx tests/container/journey.ts BASE_URL OUTBOX_DIR
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { monoWav, sineSamples } from '../e2e/support/wav.ts';

const [base, outbox] = process.argv.slice(2);
if (!base || !outbox) throw new Error('usage: journey.ts BASE_URL OUTBOX_DIR');

const step = (what: string) => console.log(`  · ${what}`);
function expect(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(`container journey: ${what}`);
}

async function call(method: string, url: string, opts: { json?: unknown; token?: string; body?: FormData } = {}) {
  const res = await fetch(new URL(url, base), {
    method,
    headers: {
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
const json = (r: { body: Buffer }) => JSON.parse(r.body.toString('utf8')) as Record<string, unknown>;

/** A second of a 440 Hz tone as a 16-bit mono WAV, different on every run (a random sample in it). */
function wav(): Buffer {
  const samples = sineSamples(16_000, 1, 440, 12_000);
  samples[500] = Math.floor(Math.random() * 30_000);
  return monoWav(16_000, samples);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`container journey: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const email = `journey-${Date.now()}@example.com`;
const password = 'container-journey-1';

const ready = await call('GET', '/api/health/ready/');
expect(ready.status === 200, `ready answered ${ready.status} ${ready.body.toString()}`);
step(`ready: ${ready.body.toString()}`);

const registered = await call('POST', '/api/auth/register/', {
  json: { first_name: 'Анна', last_name: 'Контейнерова', email, password, password2: password },
});
expect(registered.status === 201, `register answered ${registered.status} ${registered.body.toString()}`);
const code = await until('the code in the outbox', async () => {
  for (const file of readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()) {
    const text = readFileSync(path.join(outbox, file), 'utf8');
    if (text.includes(`To: ${email}`)) return /\b(\d{6})\b/.exec(text.split('\r\n\r\n').slice(1).join('\n'))?.[1];
  }
  return undefined;
});
const verified = await call('POST', '/api/auth/verify-email/', { json: { email, code } });
expect(verified.status === 200, `verify-email answered ${verified.status}`);
const login = await call('POST', '/api/auth/login/', { json: { email, password } });
expect(login.status === 200, `login answered ${login.status}`);
const token = json(login).access as string;
step(`signed up, confirmed with the code from the outbox, signed in as ${email}`);

const original = wav();
const form = new FormData();
form.set('title', 'Из контейнера');
form.set('audio_file', new Blob([new Uint8Array(original)], { type: 'audio/wav' }), 'tone.wav');
const created = await call('POST', '/api/media/audio/', { token, body: form });
expect(created.status === 201, `upload answered ${created.status} ${created.body.toString()}`);
const id = json(created).id as number;
const record = await until('the worker to make the MP3', async () => {
  const r = json(await call('GET', `/api/media/audio/${id}/`, { token }));
  expect(r.status !== 'failed', `processing failed: ${String(r.failure_reason)}`);
  return r.status === 'ready' ? r : undefined;
});
step(`uploaded ${original.length} bytes; the worker made the MP3 (${String(record.duration)} s)`);

// No URL of the record names the original (its tags may say where it was made): the owner's download does.
const back = await call('GET', `/api/media/audio/${id}/download/?format=original`, { token });
expect(back.status === 200 && back.body.equals(original), `the original came back as ${back.status}, ${back.body.length} bytes`);
const mp3 = await call('GET', String(record.audio_file));
expect(
  mp3.status === 200 && (mp3.body.subarray(0, 3).toString() === 'ID3' || (mp3.body[0] === 0xff && (mp3.body[1]! & 0xe0) === 0xe0)),
  'the MP3 is not an MP3',
);
step(`downloaded the original byte for byte and the MP3 (${mp3.body.length} bytes)`);

const doc = await call('GET', '/api/openapi.json');
expect(doc.status === 200 && json(doc).openapi === '3.1.0', `openapi.json answered ${doc.status}`);
const docs = await call('GET', '/api/docs/');
expect(docs.status === 200 && docs.body.toString().includes('swagger-ui'), `the docs page answered ${docs.status}`);
step('the OpenAPI description and the docs page answer');
