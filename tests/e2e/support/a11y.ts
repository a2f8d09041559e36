import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every screen a guest can open, with the heading it shows. */
export const GUEST_SCREENS: readonly (readonly [path: string, heading: string])[] = [
  ['/', 'Копилка'],
  ['/login', 'Вход'],
  ['/register', 'Регистрация'],
  ['/verify-email', 'Подтверждение email'],
  ['/forgot-password', 'Восстановление пароля'],
  ['/reset-password?token=abc', 'Новый пароль'],
  ['/no-such-page', 'Страница не найдена'],
];

/** No serious or critical axe violations (WCAG 2.1 A/AA rules) on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Colours are read as they are drawn at that moment: a button caught in its 150 ms fade from the waiting look
  // (the page's code had just run) measured as too pale. Transitions are switched off while axe looks, so every
  // control is measured in a look it keeps, and the animations still running are let finish (endless ones, a
  // spinner's or a skeleton's, are not waited for). They are switched back on after: left off, a dialog closed
  // later in the test skipped its leave transition and put the focus back after the page had moved it.
  const noTransitions = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  await noTransitions
    .evaluate((style) => {
      style.parentNode?.removeChild(style);
    })
    .catch(() => undefined);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${what} has no serious or critical violations`,
  ).toEqual([]);
}
