import { expect, test } from '@playwright/test';
import { registerAndLogin } from './support/auth';

/**
 * The frame's links fetch their pages ahead on intent only (components/shell/nav-link.tsx). In view, a phone's bottom
 * bar and the name in the top bar fetched six pages' route data in the load's busiest second, beside the screen's
 * own list and pictures; Lighthouse counted that time.
 */
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a signed-in screen fetches no other page ahead as it loads; a tap on the bottom bar still goes there', async ({ page }) => {
    await registerAndLogin(page);
    // Listened to from the screen's own load on (the home before it has links of its own).
    await page.goto('/audio', { waitUntil: 'commit' });
    const ahead: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.includes('__next.') || (r.resourceType() === 'fetch' && !/^\/(api|media)\//.test(url.pathname))) {
        ahead.push(url.pathname + url.search);
      }
    });
    const bar = page.getByRole('navigation', { name: 'Разделы' });
    await expect(bar).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(ahead).toEqual([]);

    await bar.getByRole('link', { name: 'Фото' }).tap();
    await expect(page).toHaveURL(/\/photos\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Фото' })).toBeVisible();
    // The tap's own fetch of the page, ahead of the click.
    expect(ahead.some((u) => u.startsWith('/photos/'))).toBe(true);
  });
});
