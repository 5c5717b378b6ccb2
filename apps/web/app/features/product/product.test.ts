import type { TGoodsDetail, TGoodsSku } from '@shop/contracts/catalog';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  choiceFromSearch,
  choiceSearch,
  chooseColour,
  chooseSize,
  colourImage,
  defaultChoice,
  findSku,
  pricesVary,
} from './choice';
import { parseLocalHistory, type ViewedProduct, withViewed } from './history';
import { AddToBag, bagRequest, choiceProblem } from './purchase';
import { SkuPicker } from './sku-picker';

const RED = 1;
const TAN = 2;
const GREY = 3;
const S = 10;
const M = 11;

let nextSku = 100;
const sku = (color: number, size: number, stock: number, price = 50): TGoodsSku => ({
  id: nextSku++,
  spec: `Color:${color};Size:${size}`,
  color: String(color),
  size: String(size),
  color_value_id: color,
  size_value_id: size,
  price,
  origin_price: price * 2,
  stock,
  image: `/media/goods/${color}.svg`,
});

/** Red in S and M (M with 3 left), Tan with S sold out, Grey sold out entirely. */
const skus = [sku(RED, S, 20), sku(RED, M, 3), sku(TAN, S, 0), sku(TAN, M, 9, 55), sku(GREY, S, 0), sku(GREY, M, 0)];
const [redS, redM, tanS, tanM] = skus as [TGoodsSku, TGoodsSku, TGoodsSku, TGoodsSku];

const dress: TGoodsDetail = {
  id: 7,
  name: 'Wrap dress',
  url: 'wrap-dress-7',
  description: 'A wrap dress.',
  min_price: 50,
  max_origin_price: 110,
  discount: 50,
  discount_enabled: 1,
  images: ['/media/goods/1.svg', '/media/goods/1-alt.svg', '/media/goods/2.svg'],
  image_alts: ['', '', ''],
  sales: 0,
  category_path: [],
  is_favorited: 0,
  skus,
  colors: [
    { id: RED, name: 'Red', image: '/media/goods/1.svg', in_stock: 1 },
    { id: TAN, name: 'Tan', image: '/media/goods/2.svg', in_stock: 1 },
    { id: GREY, name: 'Grey', image: '', in_stock: 0 },
  ],
  sizes: [
    { id: S, name: 'S', in_stock: 1 },
    { id: M, name: 'M', in_stock: 1 },
  ],
};

const search = (text: string) => new URLSearchParams(text);

describe('the colour and size choice', () => {
  it('starts on the first colour in stock, with no size chosen', () => {
    const soldOutFirst = { ...dress, colors: [...dress.colors].reverse() };
    expect(defaultChoice(soldOutFirst)).toEqual({ colorId: TAN, sizeId: null });
    expect(findSku(dress, defaultChoice(dress))).toBeUndefined();
  });

  it('takes the only size for the shopper when it is in stock', () => {
    const oneSize = { ...dress, sizes: [{ id: S, name: 'One Size', in_stock: 1 as const }] };
    expect(defaultChoice(oneSize)).toEqual({ colorId: RED, sizeId: S });
    expect(chooseColour(oneSize, { colorId: RED, sizeId: S }, TAN)).toEqual({ colorId: TAN, sizeId: null });
  });

  it('keeps the size for another colour only where it is in stock', () => {
    expect(chooseColour(dress, { colorId: RED, sizeId: M }, TAN)).toEqual({ colorId: TAN, sizeId: M });
    expect(chooseColour(dress, { colorId: RED, sizeId: S }, TAN)).toEqual({ colorId: TAN, sizeId: null });
  });

  it('refuses a size that is sold out in the chosen colour', () => {
    const tan = { colorId: TAN, sizeId: null };
    expect(chooseSize(dress, tan, S)).toBe(tan);
    expect(chooseSize(dress, tan, M)).toEqual({ colorId: TAN, sizeId: M });
  });

  it('reads and writes the chosen SKU in the address', () => {
    expect(choiceFromSearch(dress, search(`sku=${tanM.id}`))).toEqual({ colorId: TAN, sizeId: M });
    expect(choiceSearch(dress, { colorId: TAN, sizeId: M })).toBe(`?sku=${tanM.id}`);
    expect(choiceSearch(dress, { colorId: TAN, sizeId: null })).toBe(`?color=${TAN}`);
    expect(choiceFromSearch(dress, search(`color=${TAN}`))).toEqual({ colorId: TAN, sizeId: null });
  });

  it('keeps only the colour of a shared SKU that has sold out since', () => {
    expect(choiceFromSearch(dress, search(`sku=${tanS.id}`))).toEqual({ colorId: TAN, sizeId: null });
  });

  it('falls back to the default for a SKU or colour of another product, or nonsense', () => {
    for (const text of ['sku=999999', 'sku=abc', 'sku=-1', 'color=42', 'color=1.5']) {
      expect(choiceFromSearch(dress, search(text))).toEqual(defaultChoice(dress));
    }
  });

  it("shows the colour's own photo, else one of its SKUs'", () => {
    expect(colourImage(dress, TAN)).toBe('/media/goods/2.svg');
    expect(colourImage(dress, GREY)).toBe('/media/goods/3.svg');
    expect(colourImage(dress, null)).toBeUndefined();
  });

  it('knows when the price before a choice is a "from" price', () => {
    expect(pricesVary(dress)).toBe(true);
    expect(pricesVary({ skus: [redS, redM] })).toBe(false);
  });
});

describe('SkuPicker', () => {
  const render = (props: Partial<Parameters<typeof SkuPicker>[0]> = {}) =>
    renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(SkuPicker, {
          product: dress,
          choice: { colorId: TAN, sizeId: M },
          hrefFor: (next) => choiceSearch(dress, next),
          ...props,
        }),
      ),
    );

  it('links every choice that can be made, so it works without JavaScript', () => {
    const html = render();
    // Red keeps the chosen size M, which it has; Grey has no size left, so only the colour is chosen
    expect(html).toContain(`href="/?sku=${redM.id}"`);
    expect(html).toContain(`href="/?color=${GREY}"`);
    expect(html).not.toMatch(/href="[^"]*sku=\d+"[^>]*>S</);
  });

  it('disables a size sold out in the chosen colour, struck through and said to be sold out', () => {
    const html = render();
    const sizeS = /<a role="radio" aria-checked="false" aria-disabled="true"[^>]*>S<span class="sr-only">, Sold out<\/span><\/a>/;
    expect(html).toMatch(sizeS);
    expect(html).toMatch(/aria-disabled="true"[^>]*class="[^"]*line-through/);
    expect(html).toContain('aria-checked="true"');
  });

  it("says 'Only N left' when few of the chosen SKU are left", () => {
    expect(render({ choice: { colorId: RED, sizeId: M } })).toContain('Only 3 left');
    expect(render({ choice: { colorId: RED, sizeId: S } })).not.toContain('left');
    expect(render({ choice: { colorId: GREY, sizeId: null } })).toContain('Sold out in Grey');
  });

  it('renders buttons when it has no addresses to link to', () => {
    const html = render({ hrefFor: undefined, onChoose: () => {} });
    expect(html).not.toContain('href=');
    expect(html).toMatch(/<button[^>]*role="radio"/);
  });
});

describe('AddToBag', () => {
  it('waits for the page to be interactive (the bag lives in the browser), with its message regions ready', () => {
    const html = renderToStaticMarkup(createElement(AddToBag, { product: dress, choice: { colorId: RED, sizeId: S } }));
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain('Add to bag');
    for (const id of describedBy.split(' ')) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('role="alert"');
  });

  it('says what is missing or wrong before anything is sent (spec 4 "Cart")', () => {
    expect(choiceProblem(dress, { colorId: RED, sizeId: null })).toBe('Please choose a size');
    expect(choiceProblem(dress, { colorId: null, sizeId: null })).toBe('Please choose a colour');
    expect(choiceProblem(dress, { colorId: TAN, sizeId: S })).toBe('This item is sold out');
    expect(choiceProblem(dress, { colorId: RED, sizeId: M })).toBeNull();
  });

  it('puts the SKU in the bag as the page shows it', () => {
    expect(bagRequest(dress, redM, 2)).toEqual({
      goods: { id: 7, name: 'Wrap dress', url: 'wrap-dress-7' },
      sku: { id: redM.id, image: redM.image, price: 50, max_origin_price: 100, spec: redM.spec, stock: 3 },
      num: 2,
    });
  });
});

describe("a guest's local browsing history", () => {
  const viewed = (id: number): ViewedProduct => ({
    id,
    name: `Product ${id}`,
    url: `product-${id}`,
    image: `/media/goods/${id}.svg`,
    min_price: 10,
    max_origin_price: 10,
    discount: 0,
    discount_enabled: 0,
  });

  it('keeps the most recent first, once each, ten at most', () => {
    let list: ViewedProduct[] = [];
    for (const id of [1, 2, 3, 2]) list = withViewed(list, viewed(id));
    expect(list.map((entry) => entry.id)).toEqual([2, 3, 1]);
    for (let id = 10; id < 30; id++) list = withViewed(list, viewed(id));
    expect(list).toHaveLength(10);
    expect(list[0]?.id).toBe(29);
  });

  it('ignores a stored value it did not write', () => {
    expect(parseLocalHistory(null)).toEqual([]);
    expect(parseLocalHistory('not json')).toEqual([]);
    expect(parseLocalHistory('{"id":1}')).toEqual([]);
    const stored = JSON.stringify([viewed(1), { id: 'x' }, viewed(1), viewed(2)]);
    expect(parseLocalHistory(stored).map((entry) => entry.id)).toEqual([1, 2]);
  });
});
