import { expect, test } from '@playwright/test';
import { audioDecodes, countAudioDecodes, makeToneMp3, openRow, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';

test('a 60-minute recording shows its waveform from the server peaks without decoding the audio in the tab', async ({ page }) => {
  test.setTimeout(180_000);
  // Counts every decode the page asks for: the waveform must need none.
  await countAudioDecodes(page);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  await uploadAudio(page.request, access, 'Часовая лекция', makeToneMp3(3600));

  await page.goto('/audio');
  const card = page.getByRole('article', { name: 'Часовая лекция', exact: true });
  await openRow(card);
  await expect(card.getByLabel('Время воспроизведения')).toHaveText('00:00 / 60:00', { timeout: 30_000 });
  await expect(card.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  // The waveform is drawn (a canvas with a width) while the audio is only streamed by the media element.
  await expect
    .poll(() => card.getByTestId('waveform').evaluate((el) => el.querySelector('div')?.shadowRoot?.querySelectorAll('canvas').length ?? 0))
    .toBeGreaterThan(0);
  expect(await audioDecodes(page)).toBe(0);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.POSITIVE_INFINITY;
  test.info().annotations.push({ type: 'JS heap used', description: `${Math.round(heap / 1024 / 1024)} MB` });
  expect(heap).toBeLessThan(100 * 1024 * 1024);
});
