import { describe, expect, it } from 'vitest';
import { alternativeMediaUrls } from '@/lib/media/playback/url-alternatives';

describe('alternative media URLs', () => {
  it('switches http/https and tries a /media/audio/ path, keeping the signature', () => {
    const url = 'http://localhost:3100/media/u/7/audio/abc.mp3?exp=1700000000&sig=XyZ_-';
    expect(alternativeMediaUrls(url)).toEqual([
      'https://localhost:3100/media/u/7/audio/abc.mp3?exp=1700000000&sig=XyZ_-',
      'http://localhost:3100/media/audio/abc.mp3?exp=1700000000&sig=XyZ_-',
      'https://localhost:3100/media/audio/abc.mp3?exp=1700000000&sig=XyZ_-',
    ]);
  });

  it('from https switches to http', () => {
    expect(alternativeMediaUrls('https://example.test/media/audio/x.mp3?sig=1')[0]).toBe('http://example.test/media/audio/x.mp3?sig=1');
  });

  it('a path already under /media/audio/ gets the plain /media/ variant', () => {
    expect(alternativeMediaUrls('https://h.test/media/audio/x.mp3?sig=1')).toEqual([
      'http://h.test/media/audio/x.mp3?sig=1',
      'https://h.test/media/x.mp3?sig=1',
      'http://h.test/media/x.mp3?sig=1',
    ]);
  });

  it('resolves relative URLs against a base', () => {
    const alts = alternativeMediaUrls('/audio/x.mp3?exp=1&sig=2', 'http://localhost:3000/audio/');
    expect(alts).toContain('https://localhost:3000/audio/x.mp3?exp=1&sig=2');
    expect(alts).toContain('http://localhost:3000/media/audio/x.mp3?exp=1&sig=2');
  });

  it('never repeats the original and ignores non-http URLs and garbage', () => {
    const url = 'http://h.test/media/audio/x.mp3';
    expect(alternativeMediaUrls(url)).not.toContain(url);
    expect(alternativeMediaUrls('blob:http://h.test/123')).toEqual([]);
    expect(alternativeMediaUrls('not a url')).toEqual([]);
  });
});
