import type { TAdminProduct } from '@shop/contracts/catalog-admin';
import { describe, expect, it } from 'vitest';
import { draftOf, EMPTY, numberOr, saveRequestOf, skuErrorOf, skuGrid, unique } from './product-draft';

const product = {
  id: 9,
  name: 'Wrap dress',
  url: 'wrap-dress',
  category_id: 4,
  description: 'Soft',
  visible: 1,
  price: 48,
  sale_price: null,
  skus: [
    { id: 1, color: 'Sage', size: 'S', price: null, stock: 5 },
    { id: 2, color: 'sage', size: 'M', price: 50, stock: 3 },
  ],
  images: [{ url: '/media/a.jpg', alt: 'Front' }],
} as unknown as TAdminProduct;

describe('the product editor’s draft', () => {
  it('reads a saved product as the fields show it', () => {
    const draft = draftOf(product);
    expect(draft).toMatchObject({ category_id: '4', price: '48.00', sale_price: '', colors: ['Sage'], sizes: ['S', 'M'] });
    expect(draft.skus[1]).toEqual({ id: 2, color: 'sage', size: 'M', price: '50.00', stock: '3' });
  });

  it('keeps the first spelling of a value whatever its case', () => {
    expect(unique(['Red', 'red', 'Blue'])).toEqual(['Red', 'Blue']);
  });

  it('makes every colour × size, keeping what an existing pair had', () => {
    const grid = skuGrid(['Sage', 'Rust'], ['S'], draftOf(product).skus);
    expect(grid).toEqual([
      { id: 1, color: 'Sage', size: 'S', price: '', stock: '5' },
      { color: 'Rust', size: 'S', price: '', stock: '0' },
    ]);
  });

  it('sends typed numbers as numbers, empty ones as absent, and anything else as typed for the server to name', () => {
    expect(numberOr(' 12.5 ', null)).toBe(12.5);
    expect(numberOr('', 0)).toBe(0);
    expect(numberOr('abc', null)).toBe('abc');
    const request = saveRequestOf(
      { ...EMPTY, name: 'New', url: ' new ', price: '10', skus: [{ color: 'A', size: 'B', price: '', stock: '' }] },
      null,
    );
    expect(request).toMatchObject({ name: 'New', url: 'new', price: 10, sale_price: null, category_id: null });
    expect(request).not.toHaveProperty('id');
    expect(request.skus).toEqual([{ color: 'A', size: 'B', price: null, stock: 0 }]);
    expect(saveRequestOf(draftOf(product), 9)).toMatchObject({ id: 9, skus: [{ id: 1 }, { id: 2 }] });
  });

  it('finds the first refusal about the SKUs', () => {
    expect(skuErrorOf({ name: 'x' })).toBeUndefined();
    expect(skuErrorOf({ 'skus.1.stock': 'Stock is a whole number' })).toBe('Stock is a whole number');
    expect(skuErrorOf({ skus: 'Add a SKU', 'skus.0.price': 'No' })).toBe('Add a SKU');
  });
});
