import type { ShopLoadContext } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { loader } from './product';

/** The loader with an API that records what it was asked (and knows no product). */
async function load(path: string, slug?: string) {
  const asked: string[] = [];
  const context = {
    nonce: 'n',
    api: async (apiPath: string) => {
      asked.push(apiPath);
      return { code: 404, msg: 'Not found', result: null };
    },
  } as unknown as ShopLoadContext;
  const args = { params: slug === undefined ? {} : { slug }, request: new Request(`http://shop.test${path}`), context };
  const outcome = await (loader as (a: typeof args) => Promise<unknown>)(args).catch((thrown: unknown) => thrown);
  return { outcome: outcome as { init?: { status?: number } }, asked };
}

describe('the product page loader', () => {
  it.each([
    ['/product/%00.html', '\u0000.html'],
    ['/product/a%01b.html', 'a\u0001b.html'],
  ])('answers %s with 404 without asking the API', async (path, slug) => {
    const { outcome, asked } = await load(path, slug);
    expect(outcome.init?.status).toBe(404);
    expect(asked).toEqual([]);
  });

  it.each(['/product/details?url=%00', '/product/details?id=1%00', '/product/details?url=a%1Fb'])(
    'answers %s with 404 without asking the API',
    async (path) => {
      const { outcome, asked } = await load(path);
      expect(outcome.init?.status).toBe(404);
      expect(asked).toEqual([]);
    },
  );

  it('asks the API for an ordinary address', async () => {
    const { outcome, asked } = await load('/product/silk-dress.html', 'silk-dress.html');
    expect(outcome.init?.status).toBe(404);
    expect(asked).toEqual(['/shop/goods/detail?url=silk-dress']);
  });
});
