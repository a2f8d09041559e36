import { expect, type Locator, type Page } from '@playwright/test';

const pageOf = (scope: Page | Locator): Page => ('page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page));

/** The button of the app's own listbox (the sort order, the playback speed) named `label` within `scope`. */
export const listbox = (scope: Page | Locator, label: string) => scope.getByRole('button', { name: label });

/** Opens the listbox named `label` and picks `option` (by mouse, as a person would); the button then shows it. */
export async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  const button = listbox(scope, label);
  await button.click();
  await pageOf(scope).getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(button).toContainText(option);
}

/** The choices the listbox named `label` offers, in order (opened, read, closed with Escape). */
export async function optionsOf(scope: Page | Locator, label: string): Promise<string[]> {
  const page = pageOf(scope);
  await listbox(scope, label).click();
  const texts = await page.getByRole('listbox').getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return texts.map((t) => t.trim());
}
