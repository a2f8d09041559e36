// What `npm test` needs from the machine besides the npm packages, checked before anything runs:
// Debian's Chromium for the browser tests, ffmpeg for the media tests, PostgreSQL's server binaries for
// the second database pass. On Debian as root the missing packages are installed, as .ci/run does;
// elsewhere `npm test` stops at once with the one command to run.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export type Package = 'chromium' | 'ffmpeg' | 'postgresql';

/** What the machine has, as the checks see it. */
export interface Machine {
  chromium: boolean;
  ffmpeg: boolean;
  /** PostgreSQL's server binaries (initdb), or a DATABASE_URL naming a server to use. */
  postgresql: boolean;
  debian: boolean;
  root: boolean;
}

export type Plan =
  { action: 'run' } | { action: 'install'; packages: Package[] } | { action: 'stop'; packages: Package[]; message: string };

/** What to do before the tests, given the machine. */
export function planPrerequisites(m: Machine): Plan {
  const packages = (['chromium', 'ffmpeg', 'postgresql'] as const).filter((p) => !m[p]);
  if (packages.length === 0) return { action: 'run' };
  if (m.debian && m.root) return { action: 'install', packages };
  const command = `${m.root ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`;
  const what = packages
    .map((p) => ({ chromium: 'Chromium (/usr/bin/chromium)', ffmpeg: 'ffmpeg', postgresql: 'PostgreSQL' })[p])
    .join(', ');
  const message = m.debian
    ? `npm test needs ${what}. Run:\n  ${command}\nthen npm test again.`
    : `npm test needs ${what}, as Debian packages them. On Debian or Ubuntu run:\n  ${command}\n` +
      `elsewhere install them with the system's packages (CHROMIUM_PATH names another Chromium), then npm test again.`;
  return { action: 'stop', packages, message };
}

const onPath = (name: string, env: NodeJS.ProcessEnv) =>
  (env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));

/** This machine, read from its files and environment. */
export function thisMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  const pgRoot = '/usr/lib/postgresql';
  const initdb = existsSync(pgRoot) && readdirSync(pgRoot).some((v) => existsSync(path.join(pgRoot, v, 'bin', 'initdb')));
  return {
    chromium: existsSync(env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    ffmpeg: onPath('ffmpeg', env),
    postgresql: initdb || !!env.DATABASE_URL?.startsWith('postgres'),
    debian: existsSync('/etc/debian_version'),
    root: process.getuid?.() === 0,
  };
}
