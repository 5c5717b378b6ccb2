import type { TGoodsDetail, TGoodsListing } from '@shop/contracts/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildCategory, buildGoods } from '../seed/catalog';
import { makeShopper } from '../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import { guestAnswers } from './guest-answers';

/** A guest's repeated catalogue address, answered before the route's handler (run on SQLite and on PostgreSQL). */

let t: TestApp;
let category = 0;
let goodsId = 0;
let listing = '';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  category = await buildCategory(db, { name: 'Repeat Test', url: 'repeat-test' });
  goodsId = (await buildGoods(db, { category_id: category, name: 'Repeat Coat', price_cents: 9900 })).goodsId;
  await buildGoods(db, { category_id: category, name: 'Repeat Scarf', price_cents: 1900 });
  listing = `/shop/goods/classifyDetail?classify_id=${category}&page=1&page_size=24`;
});
afterAll(async () => {
  await t?.close();
});

const guest = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The headers an answer is made of, leaving out those of the one request (its id, its date). */
const madeOf = (headers: Record<string, unknown>) => {
  const { 'x-request-id': _id, date: _date, ...rest } = headers;
  return rest;
};

describe("a guest's repeated catalogue address", () => {
  it('is answered without running the route again, with the same bytes and headers, compressed or not', async () => {
    const url = `${listing}&type=price_asc`;
    const handler = vi.spyOn(t.app.services.catalog, 'classifyDetail');
    try {
      const first = await guest(url);
      const again = await guest(url);
      const compressed = await guest(url, { 'accept-encoding': 'br' });
      expect(handler).toHaveBeenCalledTimes(1);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload).toEqual(first.rawPayload);
      expect(madeOf(again.headers)).toEqual(madeOf(first.headers));
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.rawPayload.length).toBeLessThan(first.rawPayload.length);
      // another address of the same listing is one more route run, then remembered too
      const reordered = `/shop/goods/classifyDetail?type=price_asc&page_size=24&page=1&classify_id=${category}`;
      await guest(reordered);
      expect((await guest(reordered)).rawPayload).toEqual(first.rawPayload);
      expect(handler).toHaveBeenCalledTimes(2);
    } finally {
      handler.mockRestore();
    }
  });

  it('takes the whole way again once the catalogue changes, and answers the change', async () => {
    const before = (await guest(listing)).json() as { result: TGoodsListing };
    expect(before.result.data.map((item) => item.name)).toContain('Repeat Coat');
    await t.database.db.updateTable('goods').set({ name: 'Repeat Overcoat' }).where('id', '=', goodsId).execute();
    await t.app.services.catalog.invalidate(goodsId);
    const after = (await guest(listing)).json() as { result: TGoodsListing };
    expect(after.result.data.map((item) => item.name)).toContain('Repeat Overcoat');
    // a product page: a stock move ends its cached result, and so its remembered answer
    const page = `/shop/goods/detail?id=${goodsId}`;
    const detail = vi.spyOn(t.app.services.catalog, 'detail');
    try {
      await guest(page);
      await guest(page);
      expect(detail).toHaveBeenCalledTimes(1);
      await t.app.services.catalog.stockMoved(goodsId);
      const fresh = (await guest(page)).json() as { result: TGoodsDetail };
      expect(detail).toHaveBeenCalledTimes(2);
      expect(fresh.result.name).toBe('Repeat Overcoat');
    } finally {
      detail.mockRestore();
    }
  });

  it('is not how a request carrying a token is answered: a shopper sees their favourites marked', async () => {
    const me = await makeShopper(t);
    expect((await injectAs(t, me.token).post('/shop/user_favorite/add', { goods_id: goodsId })).status).toBe(200);
    await guest(listing);
    const mine = await injectAs(t, me.token).get<TGoodsListing>(listing);
    expect(mine.result.data.find((item) => item.id === goodsId)?.is_favorited).toBe(1);
    const theirs = (await guest(listing)).json() as { result: TGoodsListing };
    expect(theirs.result.data.find((item) => item.id === goodsId)?.is_favorited).toBe(0);
    // an expired or unknown token still takes the route's way (a guest's answer, or the refresh 409)
    const unknown = await t.app.inject({ method: 'GET', url: listing, headers: { 'user-token': 'not-a-token' } });
    expect(unknown.statusCode).toBe(200);
  });

  it('never stands in for a refusal: a bad query is refused each time', async () => {
    const bad = `/shop/goods/classifyDetail?classify_id=${category}&page_size=abc`;
    expect((await guest(bad)).statusCode).toBe(400);
    expect((await guest(bad)).statusCode).toBe(400);
    const missing = '/shop/goods/classifyDetail?classify_id=987654';
    expect((await guest(missing)).statusCode).toBe(404);
    expect((await guest(missing)).statusCode).toBe(404);
  });
});

describe('the addresses remembered', () => {
  /** A request and a reply as far as the hook and `sendShared` use them. */
  function exchange(url: string, headers: Record<string, string> = {}) {
    const sent: unknown[] = [];
    const request = { url, headers } as unknown as FastifyRequest;
    const reply = {
      request,
      type: () => reply,
      header: () => reply,
      send: (payload: unknown) => sent.push(payload),
    } as unknown as FastifyReply;
    return { request, reply, sent };
  }
  const schema = z.object({ code: z.number(), msg: z.string(), result: z.object({ n: z.number() }) });

  it('keep the last thousand addresses asked, and forget one whose result the catalogue no longer holds', () => {
    const held = new Set<object>();
    const answers = guestAnswers((result) => held.has(result));
    const results = Array.from({ length: 1_001 }, (_, n) => ({ n }));
    results.forEach((result, n) => {
      held.add(result);
      const { request, reply } = exchange(`/a?n=${n}`);
      answers.send(request, reply, schema, result);
    });
    expect(answers.size).toBe(1_000);
    let passed = 0;
    const first = exchange('/a?n=0');
    answers.repeat(first.request, first.reply, () => passed++);
    expect(passed).toBe(1); // forgotten: the oldest went first
    const last = exchange('/a?n=1000');
    answers.repeat(last.request, last.reply, () => passed++);
    expect(passed).toBe(1);
    expect(last.sent).toHaveLength(1);
    held.delete(results[1000] as object);
    const stale = exchange('/a?n=1000');
    answers.repeat(stale.request, stale.reply, () => passed++);
    expect(passed).toBe(2);
    expect(answers.size).toBe(999);
  });

  it('remember nothing for a request carrying a token, nor a result the catalogue does not hold', () => {
    const shared = { n: 1 };
    const answers = guestAnswers((result) => result === shared);
    const signedIn = exchange('/b', { 'user-token': 'x' });
    answers.send(signedIn.request, signedIn.reply, schema, shared);
    const copy = exchange('/c');
    answers.send(copy.request, copy.reply, schema, { n: 1 });
    expect(answers.size).toBe(0);
  });
});
