/** Where the job engine (queue, worker, signals) and the jobs report what went wrong off the request path. */
export interface JobLog {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}
