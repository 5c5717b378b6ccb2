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
});
