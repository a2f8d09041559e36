import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from '../../support/processes.ts';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  restart?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
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
    expect(api!.healthcheck!.test!.join(' ')).toContain('/api/health/ready/');
    expect(worker!.command).toEqual(['node', '--import', 'tsx', 'server/process/worker.ts']);
    expect(worker!.environment!.RUN_JOBS).toBeUndefined();
    expect(db!.image).toMatch(/^postgres:15/);
    for (const service of [api!, worker!]) {
      expect(service.environment!.DATABASE_URL).toMatch(/^postgres:\/\/kopilka:.*@db:5432\/kopilka$/);
      expect(service.volumes).toEqual(['data:/data']);
      expect(service.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    }
    expect(Object.keys(compose.volumes).sort()).toEqual(['data', 'db']);
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
    expect(file).toMatch(/^HEALTHCHECK [^]*?\/api\/health\/ready\//m);
    expect(file).toMatch(/^CMD \["node", "--import", "tsx", "server\/process\/api.ts"\]$/m);
  });
});
