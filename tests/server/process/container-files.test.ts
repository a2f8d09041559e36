import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUILD_ONLY, runtimePackages } from '../../../scripts/prune-runtime.ts';
import { root } from '../../support/processes.ts';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  restart?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
}

/**
 * The container files as the issue asks for them (scripts/test-container.sh builds and runs the image):
 * compose.yaml's services, restart policies and volume, and the Dockerfile's base, user and tools.
 */
describe('compose.yaml and the Dockerfile', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };

  it('runs the API (WEB_CONCURRENCY, no jobs), a worker and PostgreSQL, each restarted unless stopped', () => {
    const { api, worker, db } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'db', 'worker']);
    for (const [name, service] of Object.entries(compose.services)) expect(service.restart, name).toBe('unless-stopped');
    expect(api!.environment).toMatchObject({ WEB_CONCURRENCY: '${WEB_CONCURRENCY:-2}', RUN_JOBS: 'false' });

    // Each its own healthcheck: the API's ready, the worker's job loop (one script tells which it is).
    for (const service of [api!, worker!]) expect(service.healthcheck!.test).toEqual(['CMD', 'node', 'server/process/healthcheck.mjs']);
    expect(read('server/process/healthcheck.mjs')).toContain('/api/health/ready/');
    expect(worker!.command).toEqual(['node', '--import', 'tsx', 'server/process/worker.ts']);
    expect(worker!.environment!.RUN_JOBS).toBeUndefined();
    expect(db!.image).toMatch(/^postgres:15/);
    for (const service of [api!, worker!]) {
      expect(service.environment!.DATABASE_URL).toMatch(/^postgres:\/\/kopilka:.*@db:5432\/kopilka$/);
      expect(service.volumes).toEqual(['data:/data']);
      expect(service.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    }
    expect(Object.keys(compose.volumes).sort()).toEqual(['data', 'db']);
    // Longer than SHUTDOWN_GRACE_S's 30 s, so that a stop's grace is not cut by the engine's kill.
    for (const service of [api!, worker!]) expect(service.stop_grace_period).toBe('40s');
  });

  it('documents the S3 settings beside the volume', () => {
    const text = read('compose.yaml');
    expect(text).toContain('MEDIA_STORAGE=s3://');
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) expect(compose.services.api!.environment).toHaveProperty(name);
  });

  it('builds on node:22-bookworm-slim in stages, with Debian’s ffmpeg, the web export, as the non-root user node', () => {
    const file = read('Dockerfile');
    const froms = [...file.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    // Each stage starts from the Node 22 image or from the stage before it.
    for (const from of froms) expect(['docker.io/library/node:22-bookworm-slim', 'deps']).toContain(from);
    expect(froms.at(-1)).toBe('docker.io/library/node:22-bookworm-slim');
    expect(file).toMatch(/apt-get install -y --no-install-recommends ffmpeg/);
    expect(file).toMatch(/npm run build/);
    expect(file).toMatch(/^USER node$/m);
    expect(file).toMatch(/^HEALTHCHECK [^]*?CMD \["node", "server\/process\/healthcheck\.mjs"\]$/m);
    // What runs, and nothing else: no tests, benchmarks, docs or web sources copied in, the packages pruned.
    expect(file).not.toMatch(/^COPY --from=build \/app \/app$/m);
    expect(file).toMatch(/^RUN node --import tsx scripts\/prune-runtime\.ts$/m);
    expect(file).toMatch(/^CMD \["node", "--import", "tsx", "server\/process\/api.ts"\]$/m);
  });
});

/** The image's packages: the runtime's, from package.json's dependencies less the build's (scripts/prune-runtime.ts). */
describe('the image’s runtime packages', () => {
  it('keep every package the server and the contract import, and leave out the build’s', () => {
    const kept = runtimePackages(root);
    const imported = new Set<string>();
    for (const dir of ['server', 'contract'])
      for (const file of readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
        if (!/\.(ts|mjs)$/.test(file)) continue;
        const text = read(path.join(dir, file));
        for (const m of text.matchAll(/(?:from|import\(|require\()\s*'([^'.][^']*)'/g)) {
          const spec = m[1]!;
          if (spec.startsWith('node:')) continue;
          imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
        }
      }
    // The bundled ffmpeg is a fallback the image never takes (FFMPEG_PATH), loaded in a try.
    imported.delete('@ffmpeg-installer/ffmpeg');
    const missing = [...imported].filter((name) => !kept.has(`node_modules/${name}`));
    expect(missing).toEqual([]);
    expect(kept.has('node_modules/tsx')).toBe(true);
    for (const name of ['next', 'typescript', 'react', '@ffmpeg-installer/ffmpeg', 'playwright-core', '@next/swc-linux-x64-gnu'])
      expect(kept.has(`node_modules/${name}`), name).toBe(false);
    expect(BUILD_ONLY).toContain('next');
  });
});
