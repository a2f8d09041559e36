import { describe, expect, it } from 'vitest';
import { planPrerequisites, thisMachine, type Machine } from '../../../scripts/test-prerequisites.ts';

const full: Machine = { chromium: true, ffmpeg: true, postgresql: true, debian: true, root: true };

describe('npm test: what the machine needs, checked first', () => {
  it('runs at once when Chromium, ffmpeg and PostgreSQL are there', () => {
    expect(planPrerequisites(full)).toEqual({ action: 'run' });
    expect(planPrerequisites({ ...full, debian: false, root: false })).toEqual({ action: 'run' });
  });

  it('installs what is missing on Debian as root, as .ci/run does', () => {
    expect(planPrerequisites({ ...full, chromium: false, postgresql: false })).toEqual({
      action: 'install',
      packages: ['chromium', 'postgresql'],
    });
  });

  it('stops with the one command to run on Debian without root', () => {
    const plan = planPrerequisites({ ...full, root: false, chromium: false });
    expect(plan).toMatchObject({ action: 'stop', packages: ['chromium'] });
    expect(plan.action === 'stop' && plan.message).toBe(
      'npm test needs Chromium (/usr/bin/chromium). Run:\n  sudo apt-get install -y chromium\nthen npm test again.',
    );
  });

  it('stops elsewhere, naming what is missing and the Debian command', () => {
    const plan = planPrerequisites({ chromium: false, ffmpeg: false, postgresql: false, debian: false, root: false });
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain('sudo apt-get install -y chromium ffmpeg postgresql');
    expect(plan.action === 'stop' && plan.message).toContain('CHROMIUM_PATH');
  });

  it('reads this machine: a PostgreSQL DATABASE_URL counts as PostgreSQL, CHROMIUM_PATH as Chromium', () => {
    expect(thisMachine({ PATH: '', DATABASE_URL: 'postgres://x@127.0.0.1/db', CHROMIUM_PATH: '/bin/sh' })).toMatchObject({
      chromium: true,
      ffmpeg: false,
      postgresql: true,
    });
    expect(thisMachine({ PATH: '', CHROMIUM_PATH: '/no/such/chromium' }).chromium).toBe(false);
  });
});
