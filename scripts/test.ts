// `npm test`: what the machine needs first (scripts/test-prerequisites.ts: Chromium, ffmpeg, PostgreSQL,
// installed on Debian as root, else a stop with the one command to run), then the type check of every file,
// the lint and the format check side by side (a red check stops here, before any test runs), then two passes
// side by side — unit + server tests on SQLite with media on local disk, and the server tests again on
// PostgreSQL with media in S3 — then the browser tests (two workers, then the timing-bound files on one).
// Side by side: each of these runs on about one core (the server project runs its files one after another),
// so on two cores two of them together take little longer than one. Each one's output is kept and printed
// whole when it ends (a failed one's after all have ended), so the log reads as if they had run one after
// another and ends with what failed.
// PostgreSQL: DATABASE_URL when it points at one (.ci/run starts a throw-away cluster), else a throw-away
// cluster started here when PostgreSQL's binaries are installed; without them that pass is reported as not run.
// S3: the PostgreSQL pass sets MEDIA_STORAGE_TEST=s3, so two passes cover both databases and both media
// storages (SQLite with local disk, PostgreSQL with S3). The tests start their own s3rver (one per pass), or
// use the bucket S3_TEST_URL names (keys from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). The storage
// contract and the S3-specific tests run against both backends in every pass.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { planPrerequisites, thisMachine } from './test-prerequisites.ts';

interface Step {
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}
const title = ({ cmd, args, env = process.env }: Step) => {
  const on = [env.DATABASE_URL && 'PostgreSQL', env.MEDIA_STORAGE_TEST === 's3' && 'media in S3'].filter(Boolean).join(', ');
  return `${cmd} ${args.join(' ')}${on ? ` (${on})` : ''}`;
};
const fail = (step: Step) => {
  console.error(`✖ ${title(step)} failed`);
  cleanup();
  process.exit(1);
};

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  console.log(`\n▶ ${title({ cmd, args, env })}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) fail({ cmd, args, env });
};

/** Runs the steps at once; prints each one's whole output when it ends; stops after all end if one failed. */
async function together(steps: Step[]): Promise<void> {
  console.log(`\n▶ side by side: ${steps.map(title).join(' · ')}`);
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      (step) =>
        new Promise<{ step: Step; ok: boolean; print: () => void }>((resolve) => {
          const out: Buffer[] = [];
          const child = spawn(step.cmd, step.args, { env: step.env ?? process.env });
          child.stdout.on('data', (d: Buffer) => out.push(d));
          child.stderr.on('data', (d: Buffer) => out.push(d));
          child.on('close', (code) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            const ok = code === 0;
            const head = `\n▶ ${title(step)} — ended after ${seconds} s${ok ? '' : `, exit ${code}`}`;
            // A failed step's output waits until all have ended, so that it is the last thing printed:
            // a log read from its end (as CI's is) shows the failure, not the passing step that ended after it.
            if (ok) {
              console.log(head);
              process.stdout.write(Buffer.concat(out));
            }
            resolve({ step, ok, print: () => (console.log(head), process.stdout.write(Buffer.concat(out))) });
          });
        }),
    ),
  );
  const failed = results.filter((r) => !r.ok);
  for (const r of failed) r.print();
  if (failed[0]) fail(failed[0].step);
}

let startedPg = false;
function cleanup() {
  if (startedPg) spawnSync('bash', ['scripts/pg-throwaway.sh', 'stop'], { stdio: 'inherit' });
}

const plan = planPrerequisites(thisMachine());
if (plan.action === 'stop') {
  console.error(`✖ ${plan.message}`);
  process.exit(1);
}
if (plan.action === 'install') {
  console.log(`▶ installing Debian's ${plan.packages.join(', ')} (what .ci/run installs)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...plan.packages],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`✖ apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
  const after = planPrerequisites(thisMachine());
  if (after.action !== 'run') {
    console.error(`✖ still missing after the install: ${after.packages.join(', ')}`);
    process.exit(1);
  }
}

await together([
  { cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { cmd: 'npm', args: ['run', '--silent', 'format:check'] },
]);

const sqliteEnv = { ...process.env };
delete sqliteEnv.DATABASE_URL;
delete sqliteEnv.MEDIA_STORAGE_TEST;
const passes: Step[] = [{ cmd: 'npx', args: ['vitest', 'run'], env: sqliteEnv }];

let pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const pgInstalled = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0;
if (!pgUrl && pgInstalled) {
  const out = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { encoding: 'utf8' });
  pgUrl = /DATABASE_URL=(\S+)/.exec(out)?.[1];
  startedPg = true;
}
if (pgUrl)
  passes.push({
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'server'],
    env: { ...process.env, DATABASE_URL: pgUrl, MEDIA_STORAGE_TEST: 's3' },
  });
else console.warn('! PostgreSQL is not installed here: the PostgreSQL pass of the server tests did not run.');
await together(passes);
cleanup();

// .ci/run builds the container image beside the browser tests (it mostly waits on the disk): it waits for this file.
if (process.env.NPM_TEST_BROWSER_MARK) writeFileSync(process.env.NPM_TEST_BROWSER_MARK, '');
// Most files two at a time, then the ones that wait on the page's timing one at a time (playwright.config.ts).
run('npx', ['playwright', 'test', '--project=together'], sqliteEnv);
run('npx', ['playwright', 'test', '--project=alone'], sqliteEnv);
