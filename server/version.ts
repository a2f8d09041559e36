import { readFileSync } from 'node:fs';

/**
 * This release's version, as package.json numbers it (one place: the start-up lines, the ready answer,
 * the `kopilka_build_info` metric, the API description and `npm run admin -- version` all read it here).
 */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
