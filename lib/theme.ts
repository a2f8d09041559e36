/**
 * The theme: «Светлая» (the default, as the spec says), «Тёмная» or «Как в системе», kept in localStorage under
 * `theme` (contract) and shown as `data-theme="light|dark"` on <html>, which switches the design tokens
 * (app/globals.css). The choice is applied before the first paint by THEME_SCRIPT, inlined in every page's
 * <head> (the build hashes it into the page's Content-Security-Policy), and again here when it changes.
 */
import { STORAGE_KEYS } from '@/lib/auth/storage';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'theme';
export const DEFAULT_THEME: ThemeChoice = 'light';

export const THEME_CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'light', label: 'Светлая' },
  { value: 'dark', label: 'Тёмная' },
  { value: 'system', label: 'Как в системе' },
];

/** The page colour of each theme (the address bar's on phones). */
export const THEME_COLORS: Record<Theme, string> = { light: '#f5f6f8', dark: '#111317' };

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/**
 * Runs in <head> before anything is drawn: the theme (re-read on every change of the system's scheme and of the
 * choice in another tab), and two marks the first paint's CSS reads — `data-session` when a session is stored
 * (the signed-in frame is drawn, the guest's forms held back until the sign-in check ends) and `data-sidebar`
 * when the sidebar was folded. Plain ES5 and no globals, so it runs anywhere and its hash never changes
 * between builds.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement,m=window.matchMedia?matchMedia('${SYSTEM_DARK}'):null;function g(k){try{return localStorage.getItem(k)}catch(e){return null}}function a(){var s=g('${THEME_KEY}'),t=s==='dark'||(s==='system'&&m&&m.matches)?'dark':'light';d.setAttribute('data-theme',t);d.style.colorScheme=t}a();if(m&&m.addEventListener)m.addEventListener('change',a);window.addEventListener('storage',function(e){if(e.key==='${THEME_KEY}')a()});if(g('${STORAGE_KEYS.token}'))d.setAttribute('data-session','');if(g('sidebar')==='folded')d.setAttribute('data-sidebar','folded')})()`;

const isChoice = (v: unknown): v is ThemeChoice => v === 'light' || v === 'dark' || v === 'system';

/** The stored choice, the default when none (or an unknown one) is stored. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return isChoice(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** What a choice shows now: «Как в системе» follows the system's scheme. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  return choice === 'dark' || (choice === 'system' && systemDark) ? 'dark' : 'light';
}

const systemIsDark = () => typeof window !== 'undefined' && !!window.matchMedia?.(SYSTEM_DARK).matches;

/** Paints the choice now, as THEME_SCRIPT does at load. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()): Theme {
  const theme = resolveTheme(choice, systemIsDark());
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  return theme;
}

/** Keeps the choice and paints it (THEME_SCRIPT's listener follows the system's scheme from then on). */
export function storeThemeChoice(choice: ThemeChoice): Theme {
  try {
    localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
  return applyTheme(choice);
}

/** The theme on screen now (the attribute THEME_SCRIPT and applyTheme set). */
export function currentTheme(): Theme {
  return typeof document !== 'undefined' && document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/** Calls `onChange` whenever the theme on screen changes, from whatever cause; returns the way to stop. */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
