import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readThemeChoice, resolveTheme, storeThemeChoice, THEME_SCRIPT } from '@/lib/theme';

const root = document.documentElement;

/** The browser's `prefers-color-scheme: dark`, as matchMedia answers it. */
function systemDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: dark && q.includes('dark'),
    media: q,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}

/**
 * Runs the <head> script as the page does before its first paint: the very text the page inlines, in the test's
 * own globals (jsdom's <script> element would run it against a window without the stubbed matchMedia).
 */
function runHeadScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script under test is a string by nature: the page inlines it.
  const run = new Function(THEME_SCRIPT) as () => void;
  run();
}

afterEach(() => {
  localStorage.clear();
  for (const a of ['data-theme', 'data-session', 'data-sidebar', 'style']) root.removeAttribute(a);
  vi.unstubAllGlobals();
});

describe('the theme before the first paint (the head script)', () => {
  it('is light by default, as the spec says', () => {
    systemDark(true);
    runHeadScript();
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(root.style.colorScheme).toBe('light');
  });

  it('is dark when «Тёмная» was chosen, and follows the system for «Как в системе»', () => {
    systemDark(false);
    localStorage.setItem('theme', 'dark');
    runHeadScript();
    expect(root.getAttribute('data-theme')).toBe('dark');
    localStorage.setItem('theme', 'system');
    runHeadScript();
    expect(root.getAttribute('data-theme')).toBe('light');
    systemDark(true);
    runHeadScript();
    expect(root.getAttribute('data-theme')).toBe('dark');
  });

  it('marks a stored session and a folded sidebar for the first paint’s CSS', () => {
    systemDark(false);
    runHeadScript();
    expect(root.hasAttribute('data-session')).toBe(false);
    localStorage.setItem('token', 'access');
    localStorage.setItem('sidebar', 'folded');
    runHeadScript();
    expect(root.hasAttribute('data-session')).toBe(true);
    expect(root.getAttribute('data-sidebar')).toBe('folded');
  });

  it('paints exactly what the page’s own code paints for every choice', () => {
    for (const dark of [false, true]) {
      systemDark(dark);
      for (const choice of ['light', 'dark', 'system', 'nonsense'] as const) {
        localStorage.setItem('theme', choice);
        runHeadScript();
        const fromScript = root.getAttribute('data-theme');
        root.removeAttribute('data-theme');
        expect(applyTheme()).toBe(fromScript);
        expect(root.getAttribute('data-theme')).toBe(fromScript);
      }
    }
  });
});

describe('changing the theme', () => {
  it('keeps the choice under `theme` and paints it at once', () => {
    systemDark(false);
    expect(readThemeChoice()).toBe('light');
    expect(storeThemeChoice('dark')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    storeThemeChoice('system');
    expect(readThemeChoice()).toBe('system');
    expect(root.getAttribute('data-theme')).toBe('light');
  });

  it('resolves «Как в системе» by the system’s scheme', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
