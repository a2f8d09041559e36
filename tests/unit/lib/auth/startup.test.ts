import { describe, expect, it, vi } from 'vitest';
import { runStartup, type StartupDeps } from '@/lib/auth/startup';
import type { User } from '@/lib/auth/types';

const user = { id: 1, email: 'a@b.ru' } as User;

function deps(over: Partial<StartupDeps>): StartupDeps & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    getAccess: () => 'tok',
    fetchProfile: vi.fn(async () => {
      log.push('profile');
      return user;
    }),
    refresh: vi.fn(async () => {
      log.push('refresh');
      return 'new';
    }),
    setUser: vi.fn(() => log.push('setUser')),
    clear: vi.fn(() => log.push('clear')),
    ...over,
  };
}

describe('start-up sequence', () => {
  it('with no network the stored session stays, without a refresh that would end it', async () => {
    const offline = new Error('no answer');
    const d = deps({
      fetchProfile: vi.fn(async () => {
        throw offline;
      }),
      unreachable: (e) => e === offline,
    });
    expect(await runStartup(d)).toBe('authenticated');
    expect(d.log).toEqual([]);
  });

  it('a refresh that gets no answer keeps the stored session', async () => {
    const dropped = new Error('no answer');
    const d = deps({
      fetchProfile: vi.fn(async () => {
        d.log.push('profile');
        throw new Error('401');
      }),
      refresh: vi.fn(async () => {
        d.log.push('refresh');
        throw dropped;
      }),
      unreachable: (e) => e === dropped,
    });
    expect(await runStartup(d)).toBe('authenticated');
    expect(d.log).toEqual(['profile', 'refresh']);
  });

  it('without a token the visitor is a guest and nothing is called', async () => {
    const d = deps({ getAccess: () => null });
    expect(await runStartup(d)).toBe('guest');
    expect(d.log).toEqual([]);
  });
  it('a valid token: profile only', async () => {
    const d = deps({});
    expect(await runStartup(d)).toBe('authenticated');
    expect(d.log).toEqual(['profile', 'setUser']);
  });
  it('profile fails → refresh → profile again', async () => {
    let n = 0;
    const d = deps({});
    d.fetchProfile = vi.fn(async () => {
      d.log.push('profile');
      if (n++ === 0) throw new Error('401');
      return user;
    });
    expect(await runStartup(d)).toBe('authenticated');
    expect(d.log).toEqual(['profile', 'refresh', 'profile', 'setUser']);
  });
  it('refresh fails → tokens cleared', async () => {
    const d = deps({});
    d.fetchProfile = vi.fn(async () => {
      d.log.push('profile');
      throw new Error('401');
    });
    d.refresh = vi.fn(async () => {
      d.log.push('refresh');
      return null;
    });
    expect(await runStartup(d)).toBe('guest');
    expect(d.log).toEqual(['profile', 'refresh', 'clear']);
  });
  it('second profile fails → tokens cleared', async () => {
    const d = deps({});
    d.fetchProfile = vi.fn(async () => {
      d.log.push('profile');
      throw new Error('500');
    });
    expect(await runStartup(d)).toBe('guest');
    expect(d.log).toEqual(['profile', 'refresh', 'profile', 'clear']);
  });
});
