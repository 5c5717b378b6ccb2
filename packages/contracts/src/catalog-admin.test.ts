import { describe, expect, it } from 'vitest';
import { CatalogAdminMessages, slugOf, ZAdminProductSaveRequest } from './catalog-admin';

const product = {
  name: 'Linen Shirt',
  category_id: 3,
  visible: 1,
  price: 40,
  skus: [{ color: 'White', size: 'M', stock: 2 }],
};
const messagesOf = (value: unknown) =>
  ZAdminProductSaveRequest.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the product editor’s rules', () => {
  it('makes an address from a name', () => {
    expect(slugOf('  Café Crème — Wrap Dress!  ')).toBe('cafe-creme-wrap-dress');
    expect(slugOf('***')).toBe('');
  });

  it('takes a product with defaults for what may be left out', () => {
    expect(ZAdminProductSaveRequest.parse(product)).toMatchObject({
      url: '',
      description: '',
      sale_price: null,
      images: [],
      skus: [{ color: 'White', size: 'M', price: null, stock: 2 }],
    });
  });

  it('names each field it refuses', () => {
    expect(messagesOf({ ...product, sale_price: 40 })).toEqual([`sale_price: ${CatalogAdminMessages.saleNotBelowPrice}`]);
    expect(messagesOf({ ...product, skus: [...product.skus, { color: 'white', size: 'm', stock: 0 }] })).toEqual([
      `skus: ${CatalogAdminMessages.duplicateSku}`,
    ]);
    expect(messagesOf({ ...product, url: 'a--b' })).toEqual(['url: url may hold only a-z, 0-9 and single hyphens']);
    expect(messagesOf({ ...product, price: 0 })).toEqual(['price: price must be more than 0']);
    expect(messagesOf({ ...product, skus: [{ color: 'Red', size: 'M', stock: 1.5 }] })).toEqual([
      'skus.0.stock: stock must be a whole number',
    ]);
    expect(messagesOf({ ...product, name: '\u0000 ' })).toEqual(['name: Please give the name']);
  });
});
