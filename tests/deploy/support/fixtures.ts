import path from 'node:path';
import { test as base } from '@playwright/test';
import { root } from '../../support/processes.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { startStack, type Stack } from './stack.ts';

/** Where the stack lists what it started (read by the global teardown too) and where its logs go. */
const outputRoot = path.resolve(root, process.env.E2E_OUTPUT_DIR ?? 'test-results');
export const STATE_FILE = path.join(outputRoot, 'deploy-stack.json');
export const LOG_DIR = path.join(outputRoot, 'deploy-logs');

export type ProxyName = 'caddy' | 'nginx';

/**
 * `stack`: the whole deployment, once per worker. `browser`: Debian's Chromium with a HOME whose NSS
 * database trusts the stack's CAs (no certificate errors ignored). `reverseProxy` picks which proxy
 * a test goes through; `baseURL` follows it.
 */
export const test = base.extend<{ reverseProxy: ProxyName }, { stack: Stack }>({
  stack: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { stack, stop } = await startStack(STATE_FILE, LOG_DIR);
      try {
        await use(stack);
      } finally {
        stack.bucket.client.destroy();
        stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  browser: [
    async ({ playwright, stack }, use) => {
      const browser = await playwright.chromium.launch({
        executablePath: CHROMIUM_PATH,
        env: { ...process.env, HOME: stack.browserHome },
        // The site's name resolves to loopback only inside this browser.
        args: [`--host-resolver-rules=MAP ${new URL(stack.caddy.origin).hostname} 127.0.0.1`, ...CHROMIUM_ARGS],
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  reverseProxy: ['caddy', { option: true }],
  baseURL: async ({ stack, reverseProxy }, use) => {
    await use(stack[reverseProxy].origin);
  },
});

export { expect } from '@playwright/test';
