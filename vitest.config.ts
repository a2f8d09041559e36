import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // Two cores shared with a browser run or a build: rendering a list of 2,000 records in jsdom
          // takes 3 to 6 s there, past vitest's default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // `*.pg.test.ts`: what exists on PostgreSQL only (its pool's connections), run by the PostgreSQL pass alone.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.DATABASE_URL?.startsWith('postgres') ? [] : ['tests/server/**/*.pg.test.ts']),
          ],
          environment: 'node',
          // The test S3 (an s3rver, or S3_TEST_URL's), started once per run.
          globalSetup: ['tests/server/support/s3-global-setup.ts'],
          // The AWS SDK's notice that its 2027 releases need Node 22 is for operators, not for every test file.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: files in parallel would fight over argon2 and ffmpeg.
          fileParallelism: false,
          // One process for every file: the server's modules (Fastify, the AWS SDK, sharp) are imported once
          // rather than once per file — 288 s instead of about 480 s for this project on SQLite. Each file
          // builds its own app (createTestApp) over its own database, so no state is shared but the modules'.
          isolate: false,
        },
      },
    ],
  },
});
