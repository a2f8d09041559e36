import Bowser from 'bowser';

export interface DeviceDescription {
  /** «Chrome 126», «Safari 17.5», or «Неизвестный браузер». */
  browser: string;
  /** «Windows 10», «iOS 17.5», «Linux», or «Неизвестная система». */
  system: string;
}

const UNKNOWN_BROWSER = 'Неизвестный браузер';
const UNKNOWN_SYSTEM = 'Неизвестная система';

/** The major version only (126.0.6478.126 → 126); Safari's minor stays (17.5), since it names the release. */
function shortVersion(name: string, version: string | undefined): string {
  if (!version) return '';
  const parts = version.split('.');
  return name === 'Safari' ? parts.slice(0, 2).join('.') : (parts[0] ?? '');
}

/**
 * A session's browser and system, read from its User-Agent by bowser (MIT, kept up to date with new
 * browsers; ua-parser-js's current major is AGPL). Pure, so the list is the same on every render.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent?.trim()) return { browser: UNKNOWN_BROWSER, system: UNKNOWN_SYSTEM };
  const { browser, os } = Bowser.parse(userAgent);
  const browserName = browser.name?.trim();
  const osName = os.name?.trim();
  const osVersion = os.versionName ?? os.version;
  return {
    browser: browserName ? [browserName, shortVersion(browserName, browser.version)].filter(Boolean).join(' ') : UNKNOWN_BROWSER,
    system: osName ? [osName, osName === 'Linux' ? '' : osVersion].filter(Boolean).join(' ') : UNKNOWN_SYSTEM,
  };
}
