/**
 * The spec's fallback chain for media edits and deletions, all of it here. An edit is one PATCH with
 * a JSON body, a deletion one DELETE. Only when that request fails to travel — no answer at all, or
 * 405/501 from something in between that does not pass the method on — are the other ways tried, in
 * the spec's order, until one is answered: for an edit form-urlencoded; multipart; POST JSON with a
 * method-override header; POST with _method=PATCH; native multipart fetch; native form-urlencoded
 * fetch — for a deletion POST with _method=DELETE; native fetch DELETE. Any other answer (200, 400,
 * 403, 404, …) is the server's word on the data and ends the chain: another encoding would not
 * change it. Every way fails with the same ApiError; the list of attempts goes to the console only.
 */
import { ApiError } from './api-error';
import { api, fetchAuthorized } from './client';
import { readJson } from './rewrite-urls';

export interface Way<T> {
  /** Short label for the console, e.g. 'PATCH form-urlencoded'. */
  label: string;
  run: () => Promise<T>;
}

/** True when the error says nothing about the data: no answer came, or the method was refused on the way. */
export function failedToTravel(error: unknown): boolean {
  return error instanceof ApiError && error.failedToTravel;
}

const outcome = (error: unknown) =>
  error instanceof ApiError
    ? error.status === null
      ? 'нет ответа'
      : String(error.status)
    : error instanceof Error
      ? error.name
      : 'ошибка';

/**
 * Runs `ways` in order and resolves with the first answered one. The next way runs only after a
 * failure to travel; the error of the last way tried is thrown as it is. `what` names the request in
 * the console line listing the attempts.
 */
export async function runWays<T>(what: string, ways: readonly Way<T>[]): Promise<T> {
  const attempts: string[] = [];
  for (const [index, way] of ways.entries()) {
    try {
      const result = await way.run();
      if (attempts.length) console.info(`${what}: ${way.label} (попытки: ${attempts.join('; ')})`);
      return result;
    } catch (error) {
      attempts.push(`${way.label} — ${outcome(error)}`);
      if (!failedToTravel(error) || index === ways.length - 1) {
        console.warn(`${what} не удалось (попытки: ${attempts.join('; ')})`);
        throw error;
      }
    }
  }
  throw new Error('runWays needs at least one way');
}

/** The answer of a ky request: its URL-rewritten JSON, or null for an empty one (204). */
async function kyBody(promise: Promise<Response>): Promise<unknown> {
  const response = await promise;
  if (response.status === 204) return null;
  return readJson<unknown>(response);
}

async function nativeBody(path: string, method: string, body?: BodyInit): Promise<unknown> {
  const response = await fetchAuthorized(path, { method, body });
  if (response.status === 204) return null;
  return readJson<unknown>(response);
}

const formUrlEncoded = (fields: Record<string, string>) => new URLSearchParams(fields);
const multipart = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};

/** An edit of `path` ('media/audio/5/'): PATCH JSON, then the spec's six ways. */
export function patchWays(path: string, fields: Record<string, string>): Way<unknown>[] {
  return [
    { label: 'PATCH JSON', run: () => kyBody(api.patch(path, { json: fields })) },
    { label: 'PATCH form-urlencoded', run: () => kyBody(api.patch(path, { body: formUrlEncoded(fields) })) },
    { label: 'PATCH multipart', run: () => kyBody(api.patch(path, { body: multipart(fields) })) },
    {
      label: 'POST JSON + X-HTTP-Method-Override: PATCH',
      run: () => kyBody(api.post(path, { json: fields, headers: { 'X-HTTP-Method-Override': 'PATCH' } })),
    },
    { label: 'POST _method=PATCH', run: () => kyBody(api.post(path, { body: formUrlEncoded({ _method: 'PATCH', ...fields }) })) },
    { label: 'fetch PATCH multipart', run: () => nativeBody(path, 'PATCH', multipart(fields)) },
    { label: 'fetch PATCH form-urlencoded', run: () => nativeBody(path, 'PATCH', formUrlEncoded(fields)) },
  ];
}

/** A deletion of `path`: DELETE, then POST _method=DELETE, then native fetch DELETE. */
export function deleteWays(path: string): Way<unknown>[] {
  return [
    { label: 'DELETE', run: () => kyBody(api.delete(path)) },
    { label: 'POST _method=DELETE', run: () => kyBody(api.post(path, { body: formUrlEncoded({ _method: 'DELETE' }) })) },
    { label: 'fetch DELETE', run: () => nativeBody(path, 'DELETE') },
  ];
}

/** PATCH `path` with `fields` (the chain above); resolves with the answer's JSON. */
export function patchWithFallbacks(path: string, fields: Record<string, string>): Promise<unknown> {
  return runWays(`PATCH ${path}`, patchWays(path, fields));
}

/** DELETE `path` (the chain above). */
export async function deleteWithFallbacks(path: string): Promise<void> {
  await runWays(`DELETE ${path}`, deleteWays(path));
}
