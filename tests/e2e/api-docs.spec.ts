import { expect, test } from '@playwright/test';

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
