import type { TAdminCategory } from '@shop/contracts/catalog-admin';
import { describe, expect, it } from 'vitest';
import { categoryOptions, treeRows } from './category-tree';

const category = (id: number, parent_id: number | null, name: string): TAdminCategory => ({
  id,
  parent_id,
  name,
  url: name.toLowerCase(),
  sort: 0,
  goods: 0,
});

// answered in the server's order: a child may come before its parent
const categories = [category(3, 1, 'Dresses'), category(1, null, 'Women'), category(4, 1, 'Tops'), category(2, null, 'Men')];

describe('the category tree', () => {
  it('lists each category under its parent, depth first, with its place among its siblings', () => {
    expect(treeRows(categories).map(({ category, depth, index, siblings }) => [category.name, depth, index, siblings])).toEqual([
      ['Women', 0, 0, 2],
      ['Dresses', 1, 0, 2],
      ['Tops', 1, 1, 2],
      ['Men', 0, 1, 2],
    ]);
  });

  it('offers the categories as options indented by depth', () => {
    expect(categoryOptions(categories)).toEqual([
      { id: 1, label: 'Women', depth: 0 },
      { id: 3, label: '— Dresses', depth: 1 },
      { id: 4, label: '— Tops', depth: 1 },
      { id: 2, label: 'Men', depth: 0 },
    ]);
  });
});
