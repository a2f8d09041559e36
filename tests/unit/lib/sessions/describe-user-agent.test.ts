import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '@/lib/sessions/describe-user-agent';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
      { browser: 'Chrome 126', system: 'Windows 10' },
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', { browser: 'Firefox 128', system: 'Linux' }],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17.5', system: 'iOS 17.5' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 YaBrowser/24.6.1.84.00',
      { browser: 'Yandex Browser 24', system: 'Android 14' },
    ],
  ])('names the browser and system of %s', (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });

  it('says unknown for a missing or meaningless User-Agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'Неизвестный браузер', system: 'Неизвестная система' });
    expect(describeUserAgent('  ')).toEqual({ browser: 'Неизвестный браузер', system: 'Неизвестная система' });
    expect(describeUserAgent('curl-ish')).toEqual({ browser: 'Неизвестный браузер', system: 'Неизвестная система' });
  });
});
