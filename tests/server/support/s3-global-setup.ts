import type { TestProject } from 'vitest/node';
import { S3RVER_CREDENTIALS, startS3rver } from './s3rver.ts';

/**
 * The S3 the server tests use, set up once per run: the one S3_TEST_URL names (a MEDIA_STORAGE value,
 * credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), else an s3rver started here. Tests
 * that exercise both backends use it in every run; MEDIA_STORAGE_TEST=s3 makes it
 * the storage of every test app too (see test-app.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const everyApp = process.env.MEDIA_STORAGE_TEST === 's3';
  const given = process.env.S3_TEST_URL;
  if (given) {
    project.provide('s3Test', {
      mediaStorage: given,
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
      everyApp,
    });
    return async () => {};
  }
  const server = await startS3rver();
  project.provide('s3Test', {
    mediaStorage: server.mediaStorage(''),
    ...S3RVER_CREDENTIALS,
    everyApp,
  });
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test S3: a MEDIA_STORAGE value and its keys; everyApp: every test app stores its media there. */
    s3Test: { mediaStorage: string; accessKeyId: string; secretAccessKey: string; everyApp: boolean };
  }
}
