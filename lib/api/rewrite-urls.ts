import { URL_FIELDS } from '@/contract/urls';

/**
 * The spec's rule for answers: every string that starts with http: or https: is switched to the page's scheme,
 * wherever it sits, and relative paths are made absolute against the page's host. Which strings are paths is
 * known only for the contract's URL fields (contract/urls.ts), so a relative `/media/…` path is made absolute
 * there; any other string that starts with "media/" or "/" (a title, a description) is text and stays as written.
 * Pure functions so they can be tested without a browser.
 */
export interface PageLocation {
  /** `http:` or `https:` (as `window.location.protocol`). */
  protocol: string;
  /** host with port, as `window.location.host`. */
  host: string;
}

/** Relative paths the server hands out for files; other strings that start with '/' are left alone. */
const RELATIVE_MEDIA = /^\/?media\//;

/** A string starting with http: or https:, switched to the page's scheme; anything else as it is. */
function withPageScheme(value: string, page: PageLocation): string {
  const m = /^(https?):(.*)$/i.exec(value);
  return m ? `${page.protocol}${m[2]}` : value;
}

/** A URL field's value: an absolute URL to the page's scheme, a relative media path absolute against its host. */
export function rewriteUrl(value: string, page: PageLocation): string {
  const switched = withPageScheme(value, page);
  if (switched !== value) return switched;
  if (RELATIVE_MEDIA.test(value)) {
    const path = value.startsWith('/') ? value : `/${value}`;
    return `${page.protocol}//${page.host}${path}`;
  }
  return value;
}

/** A copy of a JSON value rewritten by the rule above (keys are left as they are). */
export function rewriteUrls<T>(value: T, page: PageLocation): T {
  return rewriteParsedInPlace(JSON.parse(JSON.stringify(value)) as unknown, page) as T;
}

/** The current page's location, or null outside a browser (tests, build). */
export function currentPage(): PageLocation | null {
  if (typeof window === 'undefined' || !window.location) return null;
  return { protocol: window.location.protocol, host: window.location.host };
}

/**
 * The rewrite of a value nobody else holds (JSON just parsed), in place: no copy of every array and object.
 * A copying rewrite of a 2,000-record list walks 600,000 waveform numbers and leaves a garbage collection's
 * worth of copies; here a number costs one typeof.
 */
function rewriteParsedInPlace(value: unknown, page: PageLocation): unknown {
  if (typeof value === 'string') return withPageScheme(value, page);
  if (Array.isArray(value)) {
    const items = value as unknown[];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (typeof item === 'string') items[i] = withPageScheme(item, page);
      else if (item !== null && typeof item === 'object') rewriteParsedInPlace(item, page);
    }
    return items;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const item = record[key];
      // Objects are rewritten where they are, never assigned back: a "__proto__" key would set the prototype.
      if (typeof item === 'string') {
        const next = URL_FIELDS.has(key) ? rewriteUrl(item, page) : withPageScheme(item, page);
        if (next !== item) record[key] = next;
      } else if (item !== null && typeof item === 'object') rewriteParsedInPlace(item, page);
    }
  }
  return value;
}

/** JSON.parse plus the rewrite, used as ky's `parseJson`. */
export function parseJsonWithRewrite(text: string, page: PageLocation | null = currentPage()): unknown {
  const data: unknown = JSON.parse(text);
  return page ? rewriteParsedInPlace(data, page) : data;
}

/** Reads a raw Response's JSON body through the rewrite (native fetch, XHR); an empty body is undefined. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  return parseJsonWithRewrite(text) as T;
}
