import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../../server/config.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { root } from '../../support/processes.ts';

describe('.env.example', () => {
  const lines = readFileSync(path.join(root, '.env.example'), 'utf8').split('\n');
  const listed = new Map(
    lines.flatMap((line) => {
      const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      return m ? [[m[1]!, m[2]!] as const] : [];
    }),
  );

  it('lists every variable the configuration reads, and no other', () => {
    expect([...listed.keys()].sort()).toEqual([...new Set([...CONFIG_VARIABLES, 'SKIP_WEB_BUILD'])].sort());
  });

  it('is a configuration the product starts with, its values being the defaults', async () => {
    const dataDir = await tempDir('kopilka-env-example-');
    const env = Object.fromEntries([...listed].map(([k, v]) => [k, k === 'DATA_DIR' ? dataDir : v]));
    const given = loadConfig(env);
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect({ ...given, trustProxy: null }).toEqual({ ...defaults, trustProxy: null });
  });
});
