/** `attachment` with an ASCII fallback name and the real (UTF-8) name per RFC 6266 / 8187. */
export function contentDisposition(filename: string): string {
  const name = safeFileName(filename);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/**
 * Characters a file name never keeps: controls (C0, DEL, C1), the bidirectional marks, embeddings,
 * overrides and isolates (U+202E makes «…exe.mp3» read as «…3pm.exe»), zero-width space and BOM.
 * Whitespace among them (tabs, line breaks) became a space before.
 */
const INVISIBLE = /[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/** The text without those characters. */
export const withoutInvisible = (text: string) => text.replace(INVISIBLE, '');

/**
 * No path separators, control, bidirectional or quoting characters, at most 200 code points (the
 * extension kept): the name of every download and ZIP entry.
 */
export function safeFileName(filename: string): string {
  let name = filename
    .replace(/[\t\n\v\f\r\u2028\u2029]/g, ' ')
    .replace(INVISIBLE, '')
    .replace(/["\\/:*?<>|]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...name];
  if (chars.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? name.slice(dot) : '';
    name =
      [...name.slice(0, dot > 0 ? dot : undefined)]
        .slice(0, 200 - ext.length)
        .join('')
        .trim() + ext;
  }
  return name.replace(/^\.+/, '_') || 'file';
}

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** "Моя запись.mp3" → "Moya zapis.mp3"; other non-ASCII characters become "_". */
export function asciiFallback(name: string): string {
  let out = '';
  for (const ch of name) {
    const lower = ch.toLowerCase();
    const t = CYRILLIC[lower];
    if (t !== undefined) out += ch !== lower && t ? t[0]!.toUpperCase() + t.slice(1) : t;
    else if (/^[\x20-\x7e]$/.test(ch) && ch !== '"' && ch !== '\\' && ch !== '%') out += ch;
    else out += '_';
  }
  out = out.replace(/_+/g, '_').trim();
  const dot = out.lastIndexOf('.');
  const stem = dot > 0 ? out.slice(0, dot) : out;
  return /[A-Za-z0-9]/.test(stem) ? out : `file${dot > 0 ? out.slice(dot) : ''}`;
}

/** RFC 8187 value-chars: attr-char stays, everything else is %XX of its UTF-8 bytes. */
export function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
