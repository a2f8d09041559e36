// `npm test`: what the machine needs first (scripts/test-prerequisites.ts: Chromium, ffmpeg, PostgreSQL,
// installed on Debian as root, else a stop with the one command to run), then the type check of every file, the lint and the format check first (a red check stops
// here, before any test runs), then unit + server tests on SQLite with media on local disk, the server
// tests again on PostgreSQL with media in S3, then the browser tests.
// PostgreSQL: DATABASE_URL when it points at one (.ci/run starts a throw-away cluster), else a throw-away
// cluster started here when PostgreSQL's binaries are installed; without them that pass is reported as not run.
// S3: the PostgreSQL pass sets MEDIA_STORAGE_TEST=s3, so two passes cover both databases and both media
// storages (SQLite with local disk, PostgreSQL with S3) and CI time stays flat. The tests start their own
// s3rver, or use the bucket S3_TEST_URL names (keys from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). The
// storage contract and the S3-specific tests run against both backends in every pass.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { planPrerequisites, thisMachine } from './test-prerequisites.ts';

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const on = [env.DATABASE_URL && 'PostgreSQL', env.MEDIA_STORAGE_TEST === 's3' && 'media in S3'].filter(Boolean).join(', ');
  console.log(`\n▶ ${cmd} ${args.join(' ')}${on ? ` (${on})` : ''}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`✖ ${cmd} ${args.join(' ')} failed`);
    cleanup();
    process.exit(r.status ?? 1);
  }
};

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

run('npm', ['run', '--silent', 'typecheck']);
run('npm', ['run', '--silent', 'lint']);
run('npm', ['run', '--silent', 'format:check']);

const sqliteEnv = { ...process.env };
delete sqliteEnv.DATABASE_URL;
delete sqliteEnv.MEDIA_STORAGE_TEST;
run('npx', ['vitest', 'run'], sqliteEnv);

let pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const pgInstalled = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0;
if (!pgUrl && pgInstalled) {
  const out = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { encoding: 'utf8' });
  pgUrl = /DATABASE_URL=(\S+)/.exec(out)?.[1];
  startedPg = true;
}
if (pgUrl) run('npx', ['vitest', 'run', '--project', 'server'], { ...process.env, DATABASE_URL: pgUrl, MEDIA_STORAGE_TEST: 's3' });
else console.warn('! PostgreSQL is not installed here: the PostgreSQL pass of the server tests did not run.');
cleanup();

run('npx', ['playwright', 'test'], sqliteEnv);
