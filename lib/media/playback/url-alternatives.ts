/**
 * When a media URL fails to load, the spec's player tries alternatives: the same URL with http/https
 * switched, and a `/media/audio/` path variant. The query string (our signature: exp & sig) is kept.
 */

function parse(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/**
 * Alternatives to try after `url` failed, in order, without `url` itself and without duplicates.
 * `base` resolves relative URLs (the page's origin in the browser).
 */
export function alternativeMediaUrls(url: string, base?: string): string[] {
  const original = parse(url, base);
  if (!original || (original.protocol !== 'http:' && original.protocol !== 'https:')) return [];

  const switchProtocol = (u: URL) => {
    const c = new URL(u.href);
    c.protocol = u.protocol === 'https:' ? 'http:' : 'https:';
    return c;
  };

  const pathVariant = (u: URL): URL | null => {
    const c = new URL(u.href);
    const path = u.pathname;
    const file = path.split('/').filter(Boolean).pop();
    if (!file) return null;
    if (path.startsWith('/media/audio/')) {
      // Already the audio path: try the plain /media/ path with the same remainder.
      c.pathname = `/media/${path.slice('/media/audio/'.length)}`;
    } else if (path.startsWith('/media/')) {
      // /media/u/42/audio/x.mp3 → /media/audio/x.mp3
      c.pathname = `/media/audio/${file}`;
    } else {
      // /audio/x.mp3, /files/x.mp3 … → /media/audio/x.mp3
      c.pathname = `/media/audio/${file}`;
    }
    return c;
  };

  const candidates: (URL | null)[] = [switchProtocol(original), pathVariant(original)];
  const variant = pathVariant(original);
  if (variant) candidates.push(switchProtocol(variant));

  const seen = new Set<string>([original.href]);
  const out: string[] = [];
  for (const c of candidates) {
    if (!c || seen.has(c.href)) continue;
    seen.add(c.href);
    out.push(c.href);
  }
  return out;
}
