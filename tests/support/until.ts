/**
 * Waits for `cond` (a state the test reads for itself: a file written, a row changed, a line logged), checking
 * every `stepMs`; past `ms` it fails naming `what`. An error thrown by `cond` ends the wait at once.
 */
export async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 60_000, stepMs = 20): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
