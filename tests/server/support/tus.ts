import type { FastifyInstance } from 'fastify';

/** Requests of the tus 1.0 protocol against /api/uploads/, through app.inject. */

const TUS = { 'tus-resumable': '1.0.0' };

/** Upload-Metadata: `key base64(value)` pairs. */
export const uploadMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export function tusClient(app: FastifyInstance) {
  return {
    create: (headers: Record<string, string>, length: number | null, metadata: Record<string, string>, body?: Buffer) =>
      app.inject({
        method: 'POST',
        url: '/api/uploads/',
        headers: {
          ...headers,
          ...TUS,
          ...(length === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
          ...(Object.keys(metadata).length ? { 'upload-metadata': uploadMetadata(metadata) } : {}),
          ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
        },
        ...(body ? { payload: body } : {}),
      }),
    patch: (headers: Record<string, string>, url: string, offset: number, data: Buffer) =>
      app.inject({
        method: 'PATCH',
        url,
        headers: { ...headers, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: data,
      }),
    head: (headers: Record<string, string>, url: string) => app.inject({ method: 'HEAD', url, headers: { ...headers, ...TUS } }),
    terminate: (headers: Record<string, string>, url: string) => app.inject({ method: 'DELETE', url, headers: { ...headers, ...TUS } }),
  };
}
