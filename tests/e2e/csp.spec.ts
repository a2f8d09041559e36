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
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  // Scripts: our origin and the hashes of the page's own inline scripts, never any inline script.
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc).toMatch(/^'self'( 'sha256-[\w+/]+=*')+$/);
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  await registerAndLogin(page);
  for (const [path, heading] of [
    ['/profile', 'Профиль'],
    ['/audio', 'Мои аудиозаписи'],
    ['/photos', 'Мои фотографии'],
    ['/trash', 'Корзина'],
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

test('an inline script injected into a page is blocked and reported', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
  });
  await page.goto('/login');
  await expect(page.locator('main')).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.appendChild(script);
    await new Promise((r) => setTimeout(r, 200));
    return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan === true;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))
    .toContainEqual(expect.stringMatching(/^script-src/));
});
