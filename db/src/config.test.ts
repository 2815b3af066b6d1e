import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      database: { url: undefined },
      kafka: { brokers: [], topicPrefix: 'riffline', partitions: 1 },
      storage: { driver: 'local' },
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://riffline.example/' }).publicUrl).toBe(
      'https://riffline.example',
    );
  });

  it('reads Kafka brokers and S3 settings', () => {
    const config = loadConfig({
      KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9093',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'riffline',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      KAFKA_PARTITIONS: '3',
    });
    expect(config.kafka.brokers).toEqual(['127.0.0.1:9092', '127.0.0.1:9093']);
    expect(config.kafka.partitions).toBe(3);
    expect(() => loadConfig({ KAFKA_PARTITIONS: '0' })).toThrow('KAFKA_PARTITIONS');
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'riffline', forcePathStyle: true });
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'staging',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/x',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('NODE_ENV');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL: must be a postgres or postgresql URL');
    expect((error as ConfigError).message).toContain('Invalid configuration');
  });

  it('refuses the embedded identity provider and generated session keys in production unless told', () => {
    const base: Record<string, string> = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/riffline' };
    expect(() => loadConfig(base)).toThrow('OIDC_ISSUER_URL: is required when NODE_ENV=production');
    expect(() => loadConfig(base)).toThrow('SESSION_KEYS: is required when NODE_ENV=production');
    expect(() => loadConfig(base)).toThrow('DELIVERY_CREDENTIALS_KEY: is required when NODE_ENV=production');
    const keys = 'k'.repeat(40);
    base.DELIVERY_CREDENTIALS_KEY = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({ ...base, SESSION_KEYS: keys, OIDC_ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).identity,
    ).toMatchObject({
      mode: 'embedded',
      providerName: 'Riffline ID',
    });
    expect(
      loadConfig({
        ...base,
        SESSION_KEYS: keys,
        OIDC_ISSUER_URL: 'https://id.example.com',
        OIDC_CLIENT_ID: 'rl',
      }).identity,
    ).toMatchObject({ mode: 'external', providerName: 'id.example.com', clientId: 'rl' });
    expect(() => loadConfig({ SESSION_KEYS: 'short' })).toThrow(
      'SESSION_KEYS: each key needs at least 32 characters',
    );
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.com' })).toThrow('OIDC_CLIENT_ID');
  });

  it('requires DATABASE_URL in production and S3_BUCKET with an S3 endpoint', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'DATABASE_URL: is required when NODE_ENV=production',
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_BUCKET');
  });

  it('reads the UPI gateway (URL and key together) and the webhook secrets; the sandbox by default', () => {
    expect(loadConfig({}).payments).toEqual({
      orderTtlMs: 30 * 60_000,
      gateway: undefined,
      webhookSecrets: [],
    });
    const config = loadConfig({
      PAYMENT_GATEWAY_URL: 'https://upi.example.com/v1/',
      PAYMENT_GATEWAY_KEY: 'live-key',
      PAYMENT_WEBHOOK_SECRET: 'whsec-new-0123456789, whsec-old-0123456789',
    });
    expect(config.payments).toMatchObject({
      gateway: { url: 'https://upi.example.com/v1', key: 'live-key', timeoutMs: 5000 },
      webhookSecrets: ['whsec-new-0123456789', 'whsec-old-0123456789'],
    });
    expect(() => loadConfig({ PAYMENT_GATEWAY_URL: 'https://upi.example.com' })).toThrow(
      'PAYMENT_GATEWAY_KEY: PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_KEY are set together',
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY_KEY: 'k' })).toThrow('PAYMENT_GATEWAY_URL');
    expect(() =>
      loadConfig({ PAYMENT_GATEWAY_URL: 'ftp://upi.example.com', PAYMENT_GATEWAY_KEY: 'k' }),
    ).toThrow('PAYMENT_GATEWAY_URL: must be a http or https URL');
    expect(() => loadConfig({ PAYMENT_GATEWAY_TIMEOUT_MS: '10' })).toThrow('PAYMENT_GATEWAY_TIMEOUT_MS');
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(
      'PAYMENT_WEBHOOK_SECRET: each secret needs at least 16 characters',
    );
  });
});
