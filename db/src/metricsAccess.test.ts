import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { isLoopbackAddress, metricsAccess } from './metricsAccess.ts';

describe('who may read GET /metrics', () => {
  it('without METRICS_TOKEN: clients on this machine only', () => {
    const config = loadConfig({});
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(metricsAccess(config, { address, authorization: undefined }), address).toBe('allowed');
    }
    for (const address of ['10.0.0.5', '::ffff:192.168.1.2', '2001:db8::1', undefined]) {
      expect(metricsAccess(config, { address, authorization: 'Bearer anything' }), address).toBe('hidden');
    }
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
  });

  it('with METRICS_TOKEN: its bearer from any address, and nobody else, loopback included', () => {
    const token = 'a-metrics-token-of-32-characters';
    const config = loadConfig({ METRICS_TOKEN: token });
    expect(config.metrics.token).toBe(token);
    expect(metricsAccess(config, { address: '10.0.0.5', authorization: `Bearer ${token}` })).toBe('allowed');
    for (const authorization of [undefined, token, `Bearer ${token} `, `bearer ${token}`, 'Bearer x']) {
      expect(metricsAccess(config, { address: '127.0.0.1', authorization }), String(authorization)).toBe(
        'unauthorized',
      );
    }
  });

  it('refuses a token shorter than 16 characters at boot', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: needs at least 16 characters',
    );
    expect(loadConfig({ METRICS_TOKEN: '' }).metrics.token).toBeUndefined();
  });
});
