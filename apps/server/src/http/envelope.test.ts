import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendShared } from './envelope';

const ZItems = z.object({ code: z.number(), msg: z.string(), result: z.object({ items: z.array(z.string()) }) });
const result = { items: Array.from({ length: 200 }, (_, i) => `dress ${i}`) };

describe('a shared answer', () => {
  const app = Fastify();
  let compressions = 0;
  beforeAll(async () => {
    app.get('/shared', async (_request, reply) => sendShared(reply, ZItems, result));
    app.addHook('onResponse', (_request, reply, done) => {
      if (reply.getHeader('content-encoding')) compressions++;
      done();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('is sent as the same JSON bytes to every client', async () => {
    const first = await app.inject({ method: 'GET', url: '/shared' });
    const second = await app.inject({ method: 'GET', url: '/shared' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.json()).toEqual({ code: 200, msg: 'ok', result });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('is compressed once per encoding a client accepts, preferring Brotli, and sent compressed after', async () => {
    const plain = (await app.inject({ method: 'GET', url: '/shared' })).rawPayload;
    const before = compressions;
    const br = await app.inject({ method: 'GET', url: '/shared', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
    const gzip = await app.inject({ method: 'GET', url: '/shared', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain)).toBe(true);
    const again = await app.inject({ method: 'GET', url: '/shared', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    // the same bytes object: compressed once, not per request
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(compressions - before).toBe(3);
    const refused = await app.inject({ method: 'GET', url: '/shared', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
