// Every route the app registers, called with hostile input (ids past the integer columns, NUL and
// other control characters, lone surrogates, very long strings, wrong types, lists for scalars) as a
// guest, a signed-in shopper and a staff member, answers below 500 — on SQLite and on PostgreSQL
// alike (decision 0012). A route added later is covered without touching this file.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShopper, makeStaffToken } from './testing/fixtures';
import { createTestApp, type TestApp, testEngine } from './testing/harness';

let t: TestApp;
let shopperToken: string;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  shopperToken = (await makeShopper(t, 100)).token;
  staffToken = await makeStaffToken(t, 'admin');
});
/** Requests made and answers by status class, printed once at the end (the figures of the pass). */
const tally = { requests: 0, byClass: {} as Record<string, number> };

afterAll(async () => {
  const classes = Object.entries(tally.byClass)
    .sort()
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.info(`hostile input on ${testEngine}: ${tally.requests} requests (${classes})`);
  await t?.close();
});

/** What a zod schema is made of, as far as a sample value needs (zod 4 keeps it under `_zod.def`). */
type Def = {
  type: string;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  options?: Schema[];
  items?: Schema[];
  shape?: Record<string, Schema>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => Schema;
};
type Schema = { _zod: { def: Def } };

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Schema)._zod?.def === 'object';

/** A plausible value for a schema: the other fields of a request stay sensible while one is hostile. */
function sample(schema: Schema, depth = 0): unknown {
  const def = schema._zod.def;
  if (depth > 4) return undefined;
  switch (def.type) {
    case 'string':
      // passes most string rules (lengths of 4 and more, letters-and-digits patterns)
      return 'abcd1234';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([name, field]) => [name, sample(field, depth + 1)]));
    case 'array':
      return def.element ? [sample(def.element, depth + 1)] : [];
    case 'tuple':
      return (def.items ?? []).map((item) => sample(item, depth + 1));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? sample(def.innerType, depth) : undefined;
    case 'pipe':
      return def.in ? sample(def.in, depth) : undefined;
    case 'union':
      return def.options?.[0] ? sample(def.options[0], depth) : undefined;
    case 'lazy':
      return def.getter ? sample(def.getter(), depth + 1) : undefined;
    case 'record':
      return {};
    default:
      return 'a';
  }
}

/** The named fields of an object schema (through optional/pipe wrappers), or none. */
function fieldsOf(schema: unknown): Record<string, Schema> {
  if (!isSchema(schema)) return {};
  const def = schema._zod.def;
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'pipe' && def.in) return fieldsOf(def.in);
  if (def.innerType) return fieldsOf(def.innerType);
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map(fieldsOf));
  return {};
}

const LONG = 'x'.repeat(10_000);

/** Hostile JSON values for one body field. */
const BODY_VALUES: unknown[] = [
  2147483648,
  2 ** 53 + 2,
  -1,
  0,
  1.5,
  '2147483648',
  '9007199254740993',
  'NaN',
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\ud800',
  'x\udc00y',
  LONG,
  true,
  {},
  [1, 2],
  ['\u0000', 'a'],
  null,
];

/** Hostile query values, already percent-encoded (a lone surrogate is its CESU-8 bytes). */
const QUERY_VALUES: string[][] = [
  ['2147483648'],
  ['9007199254740993'],
  ['-1'],
  ['NaN'],
  ['1.5'],
  ['%00'],
  ['a%00b'],
  ['%ED%A0%80'],
  ['%C0%80'],
  ['%FF'],
  ['x'.repeat(5_000)],
  ['1', '2'],
  ['%00', 'a'],
];

/** Hostile path parameters, percent-encoded. */
const PARAM_VALUES = ['2147483648', '9007199254740993', '-1', 'NaN', '%00', 'a%00b', '%ED%A0%80', '%FF', 'x'.repeat(190)];

type Call = { method: string; url: string; payload?: unknown };

const encodeSample = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(encodeSample)
    : value === undefined || value === null
      ? []
      : [encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))];

function queryString(query: Record<string, string[]>): string {
  const parts = Object.entries(query).flatMap(([name, values]) => values.map((value) => `${name}=${value}`));
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The hostile calls of one route: each param, query field and body field in turn, the others sensible. */
function callsOf(route: RouteOptions): Call[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) =>
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m),
  );
  const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown; params?: unknown };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  if (route.url.endsWith('*')) paramNames.push('*');
  const baseParams = Object.fromEntries(paramNames.map((name) => [name, 'a']));
  const path = (params: Record<string, string>) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'a').replace(/\*$/, params['*'] ?? 'a');

  const queryFields = fieldsOf(schema.querystring);
  const baseQuery = Object.fromEntries(Object.entries(queryFields).map(([name, field]) => [name, encodeSample(sample(field))]));
  const bodyFields = fieldsOf(schema.body);
  const baseBody = Object.fromEntries(Object.entries(bodyFields).map(([name, field]) => [name, sample(field)]));
  // Routes without a described query still get the usual names a handler might read by hand.
  const queryNames = Object.keys(queryFields).length ? Object.keys(queryFields) : ['id', 'url', 'key', 'page'];
  const bodyNames = Object.keys(bodyFields).length ? Object.keys(bodyFields) : ['id', 'goods_id', 'name'];

  const calls: Call[] = [];
  for (const method of methods) {
    const withBody = method !== 'GET' && method !== 'DELETE';
    const base = { method, payload: withBody ? baseBody : undefined };
    for (const name of paramNames) {
      for (const value of PARAM_VALUES) {
        calls.push({ ...base, url: path({ ...baseParams, [name]: value }) + queryString(baseQuery) });
      }
    }
    for (const name of queryNames) {
      for (const values of QUERY_VALUES) {
        calls.push({ ...base, url: path(baseParams) + queryString({ ...baseQuery, [name]: values }) });
        calls.push({ ...base, url: path(baseParams) + queryString({ [name]: values }) });
      }
    }
    if (withBody) {
      const url = path(baseParams) + queryString(baseQuery);
      for (const name of bodyNames) {
        for (const value of BODY_VALUES) {
          calls.push({ method, url, payload: { ...baseBody, [name]: value } });
          calls.push({ method, url, payload: { [name]: value } });
        }
      }
      // every field hostile at once, and bodies of the wrong shape
      for (const value of ['\u0000', '\ud800', 2147483648]) {
        calls.push({ method, url, payload: Object.fromEntries(bodyNames.map((name) => [name, value])) });
      }
      for (const payload of [[baseBody], 'a\u0000', 2147483648]) calls.push({ method, url, payload });
    }
  }
  return calls;
}

/** The routes under test: every HTTP route but the websocket upgrade; signing out goes last. */
function routesUnderTest(): RouteOptions[] {
  return t.routes
    .filter((route) => !(route as { websocket?: boolean }).websocket)
    .sort((a, b) => Number(a.url.includes('logout')) - Number(b.url.includes('logout')));
}

/** Calls in flight at once: the database waits overlap, the answers stay independent. */
const CONCURRENCY = 8;

async function failuresAs(token: string | null): Promise<string[]> {
  const failures: string[] = [];
  const hit = async (call: Call) => {
    const headers: Record<string, string> = token ? { 'user-token': token } : {};
    if (call.payload !== undefined) headers['content-type'] = 'application/json';
    const response = await t.app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers,
      ...(call.payload === undefined ? {} : { payload: JSON.stringify(call.payload) }),
    });
    tally.requests += 1;
    const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
    tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
    if (response.statusCode >= 500) {
      const shown = JSON.stringify(call.payload)?.slice(0, 120) ?? '';
      failures.push(`${response.statusCode} ${call.method} ${call.url.slice(0, 160)} ${shown}`);
    }
  };
  // route by route, so that signing out (last) ends the session only after every other call
  for (const route of routesUnderTest()) {
    const calls = callsOf(route);
    for (let start = 0; start < calls.length; start += CONCURRENCY) {
      await Promise.all(calls.slice(start, start + CONCURRENCY).map(hit));
    }
  }
  return failures;
}

describe('hostile input on every route', () => {
  it('lists the app routes', () => {
    const urls = routesUnderTest().map((route) => route.url);
    expect(urls).toContain('/shop/goods/detail');
    expect(urls).toContain('/admin/order/ship');
  });

  it('never answers 5xx to a guest', { timeout: 300_000 }, async () => {
    expect(await failuresAs(null)).toEqual([]);
  });

  it('never answers 5xx to a signed-in shopper', { timeout: 300_000 }, async () => {
    expect(await failuresAs(shopperToken)).toEqual([]);
  });

  it('never answers 5xx to staff', { timeout: 300_000 }, async () => {
    expect(await failuresAs(staffToken)).toEqual([]);
  });
});
