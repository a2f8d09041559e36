import { expect, test } from '@playwright/test';
import { registerVerified } from './support/auth';

/**
 * The guest forms are in the exported page; their code (the form, its rules, zod) is fetched at the first sign
 * of a person rather than while a phone is still starting the page, where it ran as one long task
 * (components/ui/lazy-screen.tsx, prerenderedScreen). Until then the form shows, its fields take typing and its
 * buttons wait.
 */
test('the sign-in form comes to life at the first sign of a person: the pointer, or a key', async ({ page }) => {
  await page.goto('/login/');
  const submit = page.getByRole('button', { name: 'Войти', exact: true });
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  // Nobody there, a second after the page loaded (the code waits up to 3 s for one): the form's button waits (its
  // code would enable it; Next's prefetches of linked pages may still arrive meanwhile).
  await page.waitForTimeout(1000);
  await expect(submit).toBeDisabled();

  // The pointer moves: the code comes, and the form works.
  await page.mouse.move(200, 300);
  await expect(submit).toBeEnabled({ timeout: 15_000 });

  // By keyboard alone, the first Tab does it.
  await page.goto('/register/');
  const register = page.getByRole('button', { name: 'Зарегистрироваться' });
  await page.waitForTimeout(1000);
  await expect(register).toBeDisabled();
  await page.keyboard.press('Tab');
  await expect(register).toBeEnabled({ timeout: 15_000 });
});

test('with nobody there, the form comes to life once the page has been quiet for 3 s', async ({ page }) => {
  await page.goto('/login/');
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeEnabled({ timeout: 15_000 });
});

test('typed before the code came, what is in the fields is what signs in', async ({ page }) => {
  const user = await registerVerified(page.request);
  await page.goto('/login/');
  await page.waitForLoadState('networkidle');
  // Typed straight into the exported fields: the first key brings the code, and typing goes on meanwhile.
  await page.getByRole('textbox', { name: 'Email' }).pressSequentially(user.email);
  await page.getByLabel('Пароль', { exact: true }).pressSequentially(user.password);
  const submit = page.getByRole('button', { name: 'Войти', exact: true });
  await expect(submit).toBeEnabled({ timeout: 15_000 });
  await submit.click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
});
