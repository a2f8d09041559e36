import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * `npm run test:deploy`: the deployment from deploy/ (PostgreSQL, two API processes, Caddy and nginx
 * over HTTPS) started by the tests themselves, and Debian's Chromium going through each proxy.
 */
export default defineConfig({
  testDir: 'tests/deploy',
  outputDir: path.join(process.env.E2E_OUTPUT_DIR ?? 'test-results', 'deploy'),
  globalTeardown: './tests/deploy/global-teardown.ts',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['./tests/e2e/support/page-on-failure-reporter.ts']],
  use: {
    browserName: 'chromium',
    locale: 'ru-RU',
    trace: 'off', // as in playwright.config.ts: `--trace on` records one
    screenshot: 'only-on-failure',
  },
});
