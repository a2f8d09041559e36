import { expect, test } from '@playwright/test';
import { apiLogin, registerVerified } from './support/auth';

/** The API's docs page (Swagger UI served from node_modules) draws the description within the Content-Security-Policy. */
test('the API docs page shows the description, with nothing refused by the Content-Security-Policy', async ({ page }) => {
  const violations: string[] = [];
  const outside: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol !== 'data:') outside.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load: ${e.violatedDirective} ${e.blockedURI}`));
  });

  const response = await page.goto('/api/docs/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: /Копилка API/ })).toBeVisible();
  // An operation of each group is listed: the description came through /api/docs/json and was drawn.
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/auth/login/' }).first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/health/ready/' }).first()).toBeVisible();
  // Opening an operation shows its body's fields, from the zod schema.
  await page.locator('.opblock-summary-path', { hasText: '/api/auth/login/' }).first().click();
  await expect(page.locator('.opblock.is-open').getByText('password', { exact: false }).first()).toBeVisible();
  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});

/**
 * «Authorize» on the docs page (issue 46, R2): with the access token from the login endpoint, «Try it out» on a
 * protected operation sends it, and the answer is the signed-in user's, not 401.
 */
test('the API docs page signs in with «Authorize» and calls a protected route', async ({ page, request }) => {
  const user = await registerVerified(request);
  const { access } = await apiLogin(request, user);

  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /Копилка API/ })).toBeVisible();
  // The protected operations show a lock: the description declares the bearer scheme on them.
  const profile = page.locator('.opblock-get', { has: page.locator('.opblock-summary-path', { hasText: /^\/api\/auth\/profile\/$/ }) });
  // Swagger UI draws the operations as they scroll into view (and again after its dialog): scroll down to this one.
  const reveal = async () => {
    for (let i = 0; i < 60 && (await profile.count()) === 0; i++) await page.mouse.wheel(0, 500);
    await profile.scrollIntoViewIfNeeded();
  };
  await reveal();
  await expect(profile.locator('.authorization__btn')).toBeVisible();

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const dialog = page.locator('.dialog-ux');
  await dialog.locator('input[type="text"], input[type="password"]').first().fill(access);
  await dialog.getByRole('button', { name: 'Apply credentials' }).click();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await reveal();
  await profile.locator('.opblock-summary').click();
  await profile.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/profile/') && r.request().method() === 'GET');
  await profile.getByRole('button', { name: 'Execute' }).click();
  const res = await answer;
  expect(res.request().headers()['authorization']).toBe(`Bearer ${access}`);
  expect(res.status()).toBe(200);
  await expect(profile.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(profile.locator('.live-responses-table tbody .microlight').first()).toContainText(user.email);
});
