import { URL_FIELDS } from '@/contract/urls';

/**
 * The URLs of a response — the values of the contract's URL fields (contract/urls.ts), wherever they sit — are
 * switched to the page's scheme when they start with http: or https:, and relative media paths are made absolute
 * against the page's host. Any other string (a title, a description, a message) is text and stays as it is, even
 * one that starts with "http:". Pure functions so they can be tested without a browser.
 */
export interface PageLocation {
  /** `http:` or `https:` (as `window.location.protocol`). */
  protocol: string;
  /** host with port, as `window.location.host`. */
  host: string;
}

/** Relative paths the server hands out for files; other strings that start with '/' are left alone. */
const RELATIVE_MEDIA = /^\/?media\//;

export function rewriteUrl(value: string, page: PageLocation): string {
  const m = /^(https?):(.*)$/i.exec(value);
  if (m) return `${page.protocol}${m[2]}`;
  if (RELATIVE_MEDIA.test(value)) {
    const path = value.startsWith('/') ? value : `/${value}`;
    return `${page.protocol}//${page.host}${path}`;
  }
  return value;
}

/** A copy of a JSON value with the values of its URL fields rewritten (keys are left as they are). */
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
 * worth of copies; here a number costs one typeof. Only a string under a URL field is rewritten.
 */
function rewriteParsedInPlace(value: unknown, page: PageLocation): unknown {
  if (Array.isArray(value)) {
    const items = value as unknown[];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item !== null && typeof item === 'object') rewriteParsedInPlace(item, page);
    }
    return items;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const item = record[key];
      // Objects are rewritten where they are, never assigned back: a "__proto__" key would set the prototype.
      if (typeof item === 'string') {
        if (!URL_FIELDS.has(key)) continue;
        const next = rewriteUrl(item, page);
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
