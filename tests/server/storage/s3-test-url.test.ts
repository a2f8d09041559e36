import { inject, describe, expect, it } from 'vitest';
import { testS3 } from '../support/test-s3.ts';

/** S3_TEST_URL points the server tests at another S3 (a MinIO, a cloud bucket) instead of their own s3rver. */
describe('the S3 the tests run against', () => {
  const current = inject('s3Test');
  const keys = { AWS_ACCESS_KEY_ID: current.accessKeyId, AWS_SECRET_ACCESS_KEY: current.secretAccessKey };

  it('is the one S3_TEST_URL names, with the AWS_* keys, and no s3rver is started', async () => {
    const s3 = await testS3({ S3_TEST_URL: current.mediaStorage, ...keys });
    expect(s3.started).toBe(false);
    expect(s3.provided).toEqual({
      mediaStorage: current.mediaStorage,
      ...{ accessKeyId: keys.AWS_ACCESS_KEY_ID, secretAccessKey: keys.AWS_SECRET_ACCESS_KEY },
    });
    await s3.stop();
  });

  it('stops the run with one line when S3_TEST_URL names a bucket that does not answer, or is no s3:// URL', async () => {
    const missing = current.mediaStorage.replace(/^s3:\/\/[^/?]+/, 's3://no-such-bucket-here');
    await expect(testS3({ S3_TEST_URL: missing, ...keys })).rejects.toThrow('S3_TEST_URL: bucket no-such-bucket-here does not answer');
    await expect(testS3({ S3_TEST_URL: 'http://localhost:9000/bucket', ...keys })).rejects.toThrow(/^S3_TEST_URL: must be local or s3:/);
    await expect(testS3({ S3_TEST_URL: current.mediaStorage })).rejects.toThrow('S3_TEST_URL: AWS_ACCESS_KEY_ID required');
  });

  it('is an s3rver started for the run when S3_TEST_URL is unset, stopped at the end', async () => {
    const s3 = await testS3({});
    try {
      expect(s3.started).toBe(true);
      expect(s3.provided.mediaStorage).toMatch(/^s3:\/\/kopilka-test\/\?endpoint=http%3A%2F%2F127\.0\.0\.1%3A\d+&path_style=true$/);
    } finally {
      await s3.stop();
    }
  });
});
