import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the scaled-out deployment (PostgreSQL, an S3 server, two API processes, two
 * workers) started by the test itself and broken one fault at a time (tests/faults/). Not part of
 * `npm test`: it starts its own cluster and processes; `.ci/run` runs it after the deployment test.
 */
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
