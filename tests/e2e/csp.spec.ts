import { expect, test } from '@playwright/test';
import { registerAndLogin } from './support/auth';

/** The server's Content-Security-Policy must not block anything the exported app does. */
test('no page of the app trips the Content-Security-Policy', async ({ page }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load: ${e.violatedDirective} ${e.blockedURI}`));
  });

  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  await registerAndLogin(page);
  for (const [path, heading] of [
    ['/profile', 'Профиль'],
    ['/audio', 'Мои аудиозаписи'],
    ['/photos', 'Мои фотографии'],
    ['/video', 'Мои видео'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  // The camera preview (a MediaStream in a <video>) is allowed too.
  await page.getByRole('button', { name: 'Записать видео' }).click();
  await expect(page.getByRole('dialog', { name: 'Запись видео' }).locator('video')).toBeVisible();
  expect(violations).toEqual([]);
});
