import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database';
import { seedReferenceContent } from '../seed/reference';

/**
 * The engine the integration suite runs on: SQLite by default; PostgreSQL (and Redis, when
 * TEST_REDIS_URL is set) when the suite runs with SHOP_TEST_DB=postgres and TEST_DATABASE_URL.
 */
export const testEngine = process.env.SHOP_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh PostgreSQL database of its own, dropped again by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The chat's limits out of the way of tests about other things (limits.test.ts sets its own). */
export const UNLIMITED_CHAT = {
  CHAT_MESSAGE_BURST: '100000',
  CHAT_MESSAGES_PER_MINUTE: '100000',
  CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: '1000000',
  CHAT_FRAME_BURST: '100000',
  CHAT_VISITORS_PER_HOUR_PER_ADDRESS: '1000000',
  CHAT_UPLOAD_MB_PER_DAY: '1000000',
  CHAT_STORAGE_MB_PER_VISITOR: '1000000',
};

export type TestApp = {
  app: App;
  config: Config;
  redisPrefix: string;
  database: DatabaseHandle;
  redis: Redis | null;
  dataDir: string;
  /** every route the app registered, in order */
  routes: RouteOptions[];
  close: () => Promise<void>;
};

/** Builds the real app on a database of its own, migrated, with the reference content and nothing else. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: () => number;
    withWeb?: boolean;
    /** a second instance on the first one's database and Redis, as behind a load balancer */
    sameStoreAs?: TestApp;
    chatHeartbeat?: { idleCloseMs: number; sweepEveryMs: number };
    /** Fastify's logger options (default: no logging) */
    logger?: Record<string, unknown>;
  } = {},
): Promise<TestApp> {
  const shared = options.sameStoreAs;
  const dataDir = shared?.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-test-'));
  const pgDb = testEngine === 'postgres' && !shared ? await createPostgresDatabase() : null;
  const databaseUrl =
    shared?.config.database.kind === 'postgres'
      ? shared.config.database.url
      : shared?.config.database.kind === 'sqlite'
        ? shared.config.database.file
        : (pgDb?.url ?? join(dataDir, 'shop.db'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    ...UNLIMITED_CHAT,
    ...options.env,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  await seedReferenceContent(database.db);
  const redisUrl = testEngine === 'postgres' ? process.env.TEST_REDIS_URL : undefined;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const redisPrefix = shared?.redisPrefix ?? `shop-test:${randomBytes(4).toString('hex')}:`;
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    redis,
    redisPrefix,
    clock: options.clock,
    logger: options.logger ?? false,
    withWeb: options.withWeb ?? false,
    chatHeartbeat: options.chatHeartbeat,
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    redis,
    redisPrefix,
    dataDir,
    routes,
    close: async () => {
      await app.close();
      await database.close();
      if (shared) {
        await redis?.quit();
        return;
      }
      if (redis) {
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One test app for a test file (or a `describe`): made before its tests, closed after them. `made` hands the app to
 * the file's own variable and makes what the file's tests share (staff, goods).
 */
export function appPerFile(made: (t: TestApp) => void | Promise<void>, options: Parameters<typeof createTestApp>[0] = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
    await made(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** Starts the test app listening on a free local port (for websocket tests); returns its ws URL base. */
export async function listen(t: TestApp): Promise<{ http: string; ws: string }> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { http: address, ws: address.replace(/^http/, 'ws') };
}

/** The `{code,msg,result}` body of an injected response. */
export const body = <T = unknown>(response: { json: () => unknown }) =>
  response.json() as { code: number; msg: string; result: T };

/** Who a request is made as: a token, anything holding one (a shopper, a staff member), or nobody. */
export type Principal = string | { token: string } | null | undefined;

/** An injected request's status and its `{code, msg, result}` envelope (absent when the answer is not JSON). */
export type Answer<T> = {
  status: number;
  code: number;
  msg: string;
  result: T;
  response: Awaited<ReturnType<App['inject']>>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The API tests' shared request helper: requests injected into the app as `who`, its token in the
 * `user-token` header (spec 6), from `ip` when given (the limits count by address), with any
 * further headers.
 */
export function injectAs(t: TestApp, who: Principal, options: { ip?: string; headers?: Record<string, string> } = {}) {
  const token = typeof who === 'string' ? who : who?.token;
  async function send<T>(method: Method, url: string, payload?: unknown, headers?: Record<string, string>): Promise<Answer<T>> {
    const response = await t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      headers: { ...(token ? { 'user-token': token } : {}), ...options.headers, ...headers },
    });
    const json = String(response.headers['content-type'] ?? '').includes('json') ? body<T>(response) : undefined;
    const answer = { status: response.statusCode, ...(json as { code: number; msg: string; result: T }) };
    // the response is there for headers and raw bodies, but left out of JSON.stringify (it is circular) and toEqual
    return Object.defineProperty(answer, 'response', { value: response, enumerable: false }) as Answer<T>;
  }
  return {
    get: <T = unknown>(url: string, headers?: Record<string, string>) => send<T>('GET', url, undefined, headers),
    post: <T = unknown>(url: string, payload: unknown = {}, headers?: Record<string, string>) =>
      send<T>('POST', url, payload, headers),
    put: <T = unknown>(url: string, payload: unknown = {}, headers?: Record<string, string>) =>
      send<T>('PUT', url, payload, headers),
    delete: <T = unknown>(url: string, headers?: Record<string, string>) => send<T>('DELETE', url, undefined, headers),
  };
}
