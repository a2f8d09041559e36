/**
 * Node's error codes for a peer that cannot be reached or went away on the way: refused, reset, timed out,
 * a broken pipe, no route, no such host. The database and the bucket both count them as "unavailable".
 */
export const NETWORK_ERROR_CODES: readonly string[] = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
];
