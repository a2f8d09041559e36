import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The specs that wait on the page's timing: one at a time, with no other file's browser beside them. */
const ALONE = ['audio-playback', 'long-recording', 'trash', 'video'].map((name) => `**/${name}.spec.ts`);

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

/** Debian's Chromium against the real `npm start` server with a fresh DATA_DIR (SQLite, outbox). */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, by file, except for the specs that wait on the page's timing (a seek's label, a restored video's
  // length, the trash's focus after a dialog's leave): beside another file's worker those failed in two of three
  // whole CI-like runs, so they are a project of their own on one worker, which `npm test` runs after the rest
  // (`--project=together`, then `--project=alone`). One worker took the suite 18.5 min in CI beside the image
  // build; see scripts/test.ts.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'together', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, workers: 1 },
  ],
  retries: 0,
  // Under a failed test, the page's accessibility snapshot is printed too: the log is what CI leaves to read.
  reporter: [['list'], ['./tests/e2e/support/page-on-failure-reporter.ts']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    locale: 'ru-RU',
    // No traces by default: recording them took a third of the suite's CPU (audio + photos specs: 237 CPU-s and
    // 132 s with traces, 140 CPU-s and 97 s without). To look at one: `npx playwright test --trace on <spec>`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  webServer: {
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `http://localhost:${PORT}/api/health/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR },
  },
});
