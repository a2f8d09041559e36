/**
 * File name from a Content-Disposition header (RFC 6266): `filename*=UTF-8''…` wins over `filename="…"`.
 * Returns null when the header has no usable name. Path separators are stripped.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const clean = (name: string) => {
    const base = name
      .replace(/[\\/]+/g, '_')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]+/g, '')
      .trim();
    return base && base !== '.' && base !== '..' ? base : null;
  };

  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star?.[1]) {
    const value = star[1].trim().replace(/^"(.*)"$/, '$1');
    const m = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value);
    const encoded = m ? m[2]! : value;
    try {
      const decoded = clean(decodeURIComponent(encoded));
      if (decoded) return decoded;
    } catch {
      // malformed percent-encoding: fall through to filename=
    }
  }

  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return clean(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return clean(bare[1]);
  return null;
}

/** The spec's download name: the title plus .mp3 (characters file systems reject become '_'). */
export function mp3FileName(title: string | null | undefined): string {
  const base = (title ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
    .trim()
    .slice(0, 150);
  return `${base || 'audio'}.mp3`;
}
