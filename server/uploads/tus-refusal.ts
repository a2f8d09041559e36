import { ERRORS } from '@tus/utils';

/**
 * An error tus answers with its own status and body: tus reads `status_code` and `body` off whatever
 * a store, a lock or a hook throws (its own ERRORS are such plain objects); this is one as an Error.
 */
export class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body.trim());
  }

  /** One of tus's own refusals (ERRORS.FILE_NOT_FOUND, …). */
  static of(known: (typeof ERRORS)[keyof typeof ERRORS]): TusRefusal {
    return new TusRefusal(known.status_code, known.body);
  }
}
