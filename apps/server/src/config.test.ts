import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to SQLite in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('sqlite');
    expect(config.seedDemo).toBe(true);
    if (config.database.kind === 'sqlite') expect(config.database.file).toMatch(/data\/shop\.db$/);
  });

  it('switches to PostgreSQL for a postgres:// URL and honours SEED_DEMO=false', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop', SEED_DEMO: 'false', PORT: '8080' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/shop' });
    expect(config.seedDemo).toBe(false);
    expect(config.port).toBe(8080);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'localhost:6379', SEED_DEMO: 'maybe', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names.sort()).toEqual(['NODE_ENV', 'PORT', 'REDIS_URL', 'SEED_DEMO']);
    }
  });

  it('takes a METRICS_TOKEN of 16 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scraper-token-0123456789' }).metricsToken).toBe('scraper-token-0123456789');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});

describe('TRUST_PROXY', () => {
  const problems = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('takes nothing, a number of proxies or a list of their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true, which would trust any client, and anything that is not an address', () => {
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0.1,proxy.local', '-1', '1.5', '300.1.1.1']) {
      const found = problems(bad);
      expect(found, bad).toHaveLength(1);
      expect(found[0]).toMatch(/^TRUST_PROXY: must be the number of proxies .* or a comma-separated list of their addresses/);
    }
  });
});
