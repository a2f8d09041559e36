/** Failed runs are tried again after 5 s, 10 s, 20 s, … at most 10 minutes apart. */
export const defaultRetryAfterMs = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);

/**
 * A run that failed for a reason outside its input (the storage or the database unavailable) is tried again
 * after 5 s, 10 s, 20 s, … at most 5 minutes apart, for as long as the trouble lasts: an outage of the
 * storage is not a fault of the files that met it.
 */
export const outsideRetryAfterMs = (failures: number) => Math.min(5_000 * 2 ** Math.max(0, failures - 1), 5 * 60_000);
