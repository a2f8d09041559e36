/**
 * A value made on its first use, not as its module loads: an Intl formatter or collator costs a millisecond or more
 * on a phone (the first of a locale loads its data), and a module's load is one task the browser cannot answer in —
 * a screen's modules made eleven of them at once, 15 ms on this machine, 60 ms on a phone.
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
