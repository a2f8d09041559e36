import type { Readable } from 'node:stream';
import { StorageLimitError, type Storage } from '../storage/storage.ts';
import type { Metrics } from './metrics.ts';

/** A missing key (a 404 to answer) and an upload over its limit (a 413) are answers, not storage errors. */
const isStorageError = (err: unknown) =>
  !(err instanceof StorageLimitError) &&
  (err as { code?: string } | null)?.code !== 'ENOENT' &&
  (err as { name?: string } | null)?.name !== 'NoSuchKey';

/**
 * The storage, with every failed operation counted in kopilka_storage_errors_total by its name: the
 * promise's rejection, a read stream's error, a listing that breaks off. Errors pass through unchanged.
 */
export function countStorageErrors(storage: Storage, metrics: Metrics): Storage {
  const count = (operation: string, err: unknown) => {
    if (isStorageError(err)) metrics.storageErrors.inc({ operation });
  };
  return new Proxy(storage, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      const operation = String(prop);
      const method = value as (...args: unknown[]) => unknown;
      if (operation === 'read') {
        return (...args: unknown[]) => {
          const stream = method.apply(target, args) as Readable;
          stream.once('error', (err) => count(operation, err));
          return stream;
        };
      }
      if (operation === 'list') {
        return (...args: unknown[]) => {
          const listing = method.apply(target, args) as AsyncIterable<unknown>;
          return (async function* () {
            try {
              yield* listing;
            } catch (err) {
              count(operation, err);
              throw err;
            }
          })();
        };
      }
      return (...args: unknown[]) => {
        const result = method.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((err: unknown) => {
          count(operation, err);
          throw err;
        });
      };
    },
  });
}
