/** Where media work off the request path (jobs, clean-ups) reports what went wrong. */
export interface MediaLog {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}
