import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { MediaStorageSettingError, parseMediaStorage } from '../../../server/media-storage-setting.ts';
import { createS3Client } from '../../../server/storage/s3.ts';
import { S3RVER_CREDENTIALS, startS3rver } from './s3rver.ts';

export interface TestS3 {
  /** A MEDIA_STORAGE value for the bucket (each test app adds a prefix of its own) and its keys. */
  provided: { mediaStorage: string; accessKeyId: string; secretAccessKey: string };
  /** The s3rver this started, or none (S3_TEST_URL's server is not ours to stop). */
  started: boolean;
  stop(): Promise<void>;
}

/**
 * The S3 of a test run: the one `S3_TEST_URL` names (an s3:// URL in MEDIA_STORAGE's form, keys from
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), checked to answer before any test runs; else an
 * s3rver started here, on loopback, for the run.
 */
export async function testS3(env: NodeJS.ProcessEnv): Promise<TestS3> {
  const given = env.S3_TEST_URL;
  if (!given) {
    const server = await startS3rver();
    return { provided: { mediaStorage: server.mediaStorage(''), ...S3RVER_CREDENTIALS }, started: true, stop: () => server.stop() };
  }
  let setting;
  try {
    setting = parseMediaStorage(given, env);
  } catch (err) {
    if (err instanceof MediaStorageSettingError) {
      throw new Error(`S3_TEST_URL: ${err.variable === 'MEDIA_STORAGE' ? '' : `${err.variable} `}${err.message}`, { cause: err });
    }
    throw err;
  }
  if (setting.kind !== 's3') throw new Error('S3_TEST_URL: must be an s3:// URL');
  const client = createS3Client(setting);
  try {
    await client.send(new HeadBucketCommand({ Bucket: setting.bucket }));
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    throw new Error(`S3_TEST_URL: bucket ${setting.bucket} does not answer (${status ?? (err as Error).message})`, { cause: err });
  } finally {
    client.destroy();
  }
  return {
    provided: { mediaStorage: given, accessKeyId: setting.credentials.accessKeyId, secretAccessKey: setting.credentials.secretAccessKey },
    started: false,
    stop: async () => {},
  };
}
