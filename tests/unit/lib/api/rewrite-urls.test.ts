import { describe, expect, it } from 'vitest';
import { parseJsonWithRewrite, rewriteUrl, rewriteUrls } from '@/lib/api/rewrite-urls';

const https = { protocol: 'https:', host: 'vault.example:8443' };
const http = { protocol: 'http:', host: 'localhost:3000' };

describe('URL rewrite to the page scheme (every string, as the spec says) and host (the contract’s URL fields)', () => {
  it('switches http: URLs to the page scheme https:', () => {
    expect(rewriteUrl('http://cdn.example/media/a.mp3', https)).toBe('https://cdn.example/media/a.mp3');
  });
  it('switches https: URLs to the page scheme http:', () => {
    expect(rewriteUrl('https://cdn.example/x.png?sig=1', http)).toBe('http://cdn.example/x.png?sig=1');
  });
  it('makes a relative /media/ path absolute against the page host', () => {
    expect(rewriteUrl('/media/u/1/a.webm?exp=1&sig=x', https)).toBe('https://vault.example:8443/media/u/1/a.webm?exp=1&sig=x');
    expect(rewriteUrl('media/u/1/a.webm', http)).toBe('http://localhost:3000/media/u/1/a.webm');
  });
  it('leaves ordinary text alone, including text that starts with a slash', () => {
    expect(rewriteUrl('Моя запись', https)).toBe('Моя запись');
    expect(rewriteUrl('/etc/passwd is not a media path', https)).toBe('/etc/passwd is not a media path');
    expect(rewriteUrl('httpfoo', https)).toBe('httpfoo');
  });
  it('walks nested arrays and objects without touching keys or non-strings', () => {
    const input = {
      'http://key': 1,
      list: [{ audio_file: '/media/a.mp3', duration: 3.5, ok: true, none: null }],
      photo_url: 'http://h/p.png',
    };
    expect(rewriteUrls(input, https)).toEqual({
      'http://key': 1,
      list: [{ audio_file: 'https://vault.example:8443/media/a.mp3', duration: 3.5, ok: true, none: null }],
      photo_url: 'https://h/p.png',
    });
    expect(input.list[0]!.audio_file).toBe('/media/a.mp3');
  });
  it('parseJsonWithRewrite parses then rewrites', () => {
    expect(parseJsonWithRewrite('[{"url": "http://a/b"}]', https)).toEqual([{ url: 'https://a/b' }]);
  });
  it('parseJsonWithRewrite rewrites the URL fields of nested answers where they are, numbers and keys untouched, no prototype set', () => {
    const text = JSON.stringify([
      {
        id: 1,
        audio_file: '/media/a.mp3',
        waveform_data: [0, 50, 100],
        nested: { list: ['http://h/x', 3, null, ['media/b']], items: [{ poster: 'media/p.jpg' }] },
      },
      { id: 2, title: 'http://не ссылка?', 'http://key': true },
    ]);
    expect(parseJsonWithRewrite(text, https)).toEqual([
      {
        id: 1,
        audio_file: 'https://vault.example:8443/media/a.mp3',
        waveform_data: [0, 50, 100],
        // Every http: string goes to the page's scheme; a relative path is made absolute only under a URL field.
        nested: { list: ['https://h/x', 3, null, ['media/b']], items: [{ poster: 'https://vault.example:8443/media/p.jpg' }] },
      },
      { id: 2, title: 'https://не ссылка?', 'http://key': true },
    ]);
    const odd = parseJsonWithRewrite('{"__proto__": {"admin": true}, "photo_url": "http://h/p.png"}', https) as Record<string, unknown>;
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(odd.admin).toBeUndefined();
    expect(odd.photo_url).toBe('https://h/p.png');
  });
  it('switches every http: string to the page scheme (the spec), but makes no text that starts with media/ a URL', () => {
    const record = parseJsonWithRewrite(
      JSON.stringify({
        title: 'http://example.org — заметка',
        description: 'media/ — папка на диске',
        file: 'http://h/f.jpg',
        detail: 'https://не ссылка',
        file_errors: { file: ['http://тоже текст'] },
      }),
      https,
    );
    expect(record).toEqual({
      title: 'https://example.org — заметка',
      description: 'media/ — папка на диске',
      file: 'https://h/f.jpg',
      detail: 'https://не ссылка',
      file_errors: { file: ['https://тоже текст'] },
    });
  });
});
