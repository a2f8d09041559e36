/**
 * The test S3 server (s3rver) as a process of its own (see s3rver.ts), with the multipart calls it
 * lacks: ListParts (`GET /bucket/key?uploadId=…`, how tus's S3 store learns how far an upload got),
 * AbortMultipartUpload (`DELETE …?uploadId=…`, how it ends one) and ListMultipartUploads
 * (`GET /bucket?uploads`, how the server finds the uploads a killed process left). They read and
 * remove s3rver's own folder of an upload (`initiateUpload` writes its `key` there, `putPart` writes
 * `<n>` and `<n>.md5`).
 *
 * Usage: node --import tsx s3rver-process.ts <folder> <bucket> [port] [--stock]; prints `S3rver listening on HOST:PORT`
 * (a port of its own unless given: a server started again on the same folder and port is the same bucket).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Context {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: Middleware[];
  run(): Promise<{ address: string; port: number }>;
}

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: object) => S3rverInstance;
const S3Error = require('s3rver/lib/models/error') as new (code: string, message: string, detail?: object) => Error;

const stock = process.argv.includes('--stock');
const [directory, bucket, wantedPort = '0'] = process.argv.slice(2).filter((a) => a !== '--stock');
if (!directory || !bucket) throw new Error('usage: s3rver-process.ts <folder> <bucket> [port]');

/** Every upload begun in the bucket and not completed or aborted, under a prefix: one page, keys in order. */
const listMultipartUploads: Middleware = async (ctx, next) => {
  const bucketOnly = /^\/([^/]+)\/?$/.exec(ctx.path);
  if (ctx.method !== 'GET' || !bucketOnly || ctx.query.uploads === undefined) return next();
  const bucketName = bucketOnly[1]!;
  const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
  const folder = ctx.store.getResourcePath(bucketName, undefined, 'uploads');
  const uploads = (existsSync(folder) ? readdirSync(folder) : [])
    .filter((id) => existsSync(path.join(folder, id, 'key')))
    .map((id) => ({ id, key: readFileSync(path.join(folder, id, 'key'), 'utf8'), at: statSync(path.join(folder, id, 'key')).mtime }))
    .filter((u) => u.key.startsWith(prefix))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  ctx.body = {
    ListMultipartUploadsResult: {
      Bucket: bucketName,
      Prefix: prefix,
      MaxUploads: 1000,
      IsTruncated: false,
      Upload: uploads.map((u) => ({ Key: u.key, UploadId: u.id, Initiated: u.at.toISOString(), StorageClass: 'STANDARD' })),
    },
  };
};

const multipartExtras: Middleware = async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  const target = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  if (typeof uploadId !== 'string' || !target || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
  const [, bucketName, key] = target as unknown as [string, string, string];
  const parts = path.join(ctx.store.getResourcePath(bucketName, undefined, 'uploads'), path.basename(uploadId));
  if (!existsSync(parts)) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: uploadId });
  if (ctx.method === 'DELETE') {
    await rm(parts, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  const numbers = readdirSync(parts)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  ctx.body = {
    ListPartsResult: {
      Bucket: bucketName,
      Key: decodeURIComponent(key),
      UploadId: uploadId,
      PartNumberMarker: 0,
      NextPartNumberMarker: numbers.at(-1) ?? 0,
      MaxParts: 10000,
      IsTruncated: false,
      Part: numbers.map((n) => {
        const file = path.join(parts, String(n));
        return {
          PartNumber: n,
          LastModified: statSync(file).mtime.toISOString(),
          ETag: JSON.stringify(readFileSync(`${file}.md5`, 'utf8').trim()),
          Size: statSync(file).size,
        };
      }),
    },
  };
};

const server = new S3rver({
  port: Number(wantedPort),
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
// Before s3rver's router (its last middleware), after its logging, XML encoding and vhost handling.
// `--stock`: s3rver as it ships, without them (what an operator meets who runs it as the README's S3 server).
if (!stock) server.middleware.splice(server.middleware.length - 1, 0, listMultipartUploads, multipartExtras);
const { address, port } = await server.run();
console.log(`S3rver listening on ${address}:${port}`);
