import type { TestProject } from 'vitest/node';
import { testS3 } from './test-s3.ts';

/**
 * The S3 the server tests use, set up once per run (see testS3): S3_TEST_URL's, else an s3rver started
 * here. Tests that exercise both backends use it in every run; MEDIA_STORAGE_TEST=s3 makes it the
 * storage of every test app too (see test-app.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const s3 = await testS3(process.env);
  project.provide('s3Test', { ...s3.provided, everyApp: process.env.MEDIA_STORAGE_TEST === 's3' });
  return () => s3.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test S3: a MEDIA_STORAGE value and its keys; everyApp: every test app stores its media there. */
    s3Test: { mediaStorage: string; accessKeyId: string; secretAccessKey: string; everyApp: boolean };
  }
}
