import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/** Request bodies that are uploads: multipart forms (a file and its fields) and tus's PATCHes. */
const UPLOAD_TYPES = /^(multipart\/form-data|application\/offset\+octet-stream)/i;

/**
 * Every answer's duration by method, route template and status, and the body bytes of accepted uploads
 * (their Content-Length, counted once the answer is a success: the bytes were stored). A request no
 * route matched (a page of the export, a 404) is labelled by what answered it, so the labels stay few.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url, request.url);
    const status = reply.statusCode;
    metrics.requestDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (status < 300 && UPLOAD_TYPES.test(request.headers['content-type'] ?? '')) {
      const length = Number(request.headers['content-length']);
      if (Number.isSafeInteger(length) && length > 0) metrics.uploadedBytes.inc({ route }, length);
    }
    done();
  });
}

const labels = new Map<string, string>();

/** The API's routes as their clients call them, with the trailing slash (`/api/auth/profile/`); files (`/api/openapi.json`) and other templates as they are. */
function routeLabel(template: string | undefined, url: string): string {
  if (template === undefined) return url.startsWith('/api/') ? 'unmatched' : 'web';
  let label = labels.get(template);
  if (label === undefined) {
    label = template.startsWith('/api/') && !/[/*]$|\.\w+$/.test(template) ? `${template}/` : template;
    labels.set(template, label);
  }
  return label;
}
