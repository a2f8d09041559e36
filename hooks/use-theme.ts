'use client';

import { useCallback, useState, useSyncExternalStore } from 'react';
import { currentTheme, readThemeChoice, storeThemeChoice, watchTheme, type Theme, type ThemeChoice } from '@/lib/theme';

/** The theme choice («Светлая», «Тёмная», «Как в системе») and the way to change it (kept and painted at once). */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  const choose = useCallback((next: ThemeChoice) => {
    storeThemeChoice(next);
    setChoice(next);
  }, []);
  return [choice, choose];
}

/** The theme on screen now, following every change (a choice, the system's scheme, another tab). */
export function useTheme(): Theme {
  return useSyncExternalStore(watchTheme, currentTheme, () => 'light');
}
