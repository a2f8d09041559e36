/** Debian's Chromium: the browser tests and the deployment tests drive the same one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How it is started: the fake microphone and camera, granted without asking; no GPU, no QUIC, none of its own
 * traffic or first-run screens; media may play without a click.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
