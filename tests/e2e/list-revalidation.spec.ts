import { expect, test, type Page, type Response } from '@playwright/test';
import { makeToneMp3, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';
import { expectReady } from './support/large-library';

const LIST = '/api/media/audio/';
const isList = (response: Response) => response.request().method() === 'GET' && new URL(response.url()).pathname === LIST;

/**
 * The list's answers as they came over the network, by status: what the page (and Playwright's response) sees of a
 * revalidated answer is the browser's kept copy, a 200; the network's own status is in Chromium's protocol.
 */
async function networkStatuses(page: Page): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  const listIds = new Set<string>();
  const statuses: number[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'GET' && new URL(event.request.url).pathname === LIST) listIds.add(event.requestId);
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (listIds.has(event.requestId)) statuses.push(event.statusCode);
  });
  await cdp.send('Network.enable');
  return statuses;
}

/** Away to the photos and back, past the list's 5 s of freshness: the audio screen asks for its list again. */
async function awayAndBack(page: Page): Promise<Response> {
  await page.getByRole('link', { name: 'Фото' }).first().click();
  await expect(page.getByRole('heading', { name: 'Мои фотографии' })).toBeVisible();
  await page.waitForTimeout(5_500);
  const asked = page.waitForResponse(isList);
  await page.getByRole('link', { name: 'Аудио' }).first().click();
  return asked;
}

/**
 * A list is asked for at the same URL each time (no cache-busting parameter): the browser keeps it by its ETag,
 * asks again with If-None-Match, and an unchanged list comes back as a 304 — no body — while the screen shows the
 * kept copy. A change makes a new list, with a new ETag.
 */
test('the list is revalidated by its ETag: an unchanged one comes back 304 and still shows', async ({ page }) => {
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  // Processed first: its processing ending changes the list.
  await expectReady(page.request, access, 'audio', await uploadAudio(page.request, access, 'Первая', makeToneMp3(2)));
  const statuses = await networkStatuses(page);

  const first = page.waitForResponse(isList);
  await page.goto('/audio');
  const answered = await first;
  const etag = await answered.headerValue('etag');
  expect(etag).toBeTruthy();
  await expect(page.getByRole('article', { name: 'Первая', exact: true })).toBeVisible();

  const revalidated = await awayAndBack(page);
  expect((await revalidated.request().allHeaders())['if-none-match']).toBe(etag);
  expect((await revalidated.request().sizes()).responseBodySize).toBe(0);
  await expect(page.getByRole('article', { name: 'Первая', exact: true })).toBeVisible();
  await expect(page.getByTestId('audio-item')).toHaveCount(1);
  expect(statuses).toEqual([200, 304]);

  // A new recording changes the list: a 200 with both, under another ETag.
  await expectReady(page.request, access, 'audio', await uploadAudio(page.request, access, 'Вторая', makeToneMp3(3)));
  const fresh = await awayAndBack(page);
  expect(await fresh.headerValue('etag')).not.toBe(etag);
  await expect(page.getByTestId('audio-item')).toHaveCount(2);
  expect(statuses).toEqual([200, 304, 200]);
});
