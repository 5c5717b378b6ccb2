import type { TCategory } from '@shop/contracts/catalog';
import { describe, expect, it } from 'vitest';
import type { CatalogRepo } from './repo';
import { CATEGORY_NOT_FOUND, pathOf, structureReader, subtreeIds } from './structure';

const rows = [
  { id: 1, parent_id: null, name: 'Women', url: 'women', icon: '', image: '' },
  { id: 2, parent_id: 1, name: 'Dresses', url: 'dresses', icon: '', image: '' },
  { id: 3, parent_id: 2, name: 'Maxi', url: 'maxi', icon: '', image: '' },
  { id: 4, parent_id: null, name: 'Men', url: 'men', icon: '', image: '' },
];

/** A repo that answers the structure's reads from `rows`, counting them. */
function fakeRepo(categories = rows) {
  const reads = { count: 0 };
  const repo = {
    categories: async () => {
      reads.count++;
      return categories;
    },
    attributeValues: async () => [],
    categoriesExist: async (ids: number[]) => ids.every((id) => categories.some((row) => row.id === id)),
  } as unknown as CatalogRepo;
  return { repo, reads };
}

describe('the catalogue structure', () => {
  it('builds the tree, a subtree’s ids and a category’s path from the top', async () => {
    const reader = structureReader(fakeRepo().repo);
    const structure = await reader.current();
    expect(structure.tree.map((node) => node.name)).toEqual(['Women', 'Men']);
    const women = structure.tree[0] as TCategory;
    expect(subtreeIds(women).sort()).toEqual([1, 2, 3]);
    expect(pathOf(structure, 3).map((ref) => ref.url)).toEqual(['women', 'dresses', 'maxi']);
  });

  it('reads once, again after a drop, and answers an unknown category with a 404', async () => {
    const { repo, reads } = fakeRepo();
    const reader = structureReader(repo);
    await reader.current();
    await reader.current();
    expect(reads.count).toBe(1);
    reader.drop();
    await reader.current();
    expect(reads.count).toBe(2);
    await expect(reader.categoryNode(99)).rejects.toThrow(CATEGORY_NOT_FOUND);
  });
});
