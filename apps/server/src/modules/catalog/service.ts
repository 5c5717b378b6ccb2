import type { TCategory } from '@shop/contracts/catalog';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';

/** The category tree changes only when the catalogue is edited, so it is kept in memory for a while. */
const TREE_TTL_MS = 60_000;

export function createCatalogService({ db }: { db: Db }) {
  let cached: { at: number; tree: TCategory[] } | undefined;

  async function tree(): Promise<TCategory[]> {
    if (cached && Date.now() - cached.at < TREE_TTL_MS) return cached.tree;
    const rows = await db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute();
    const nodes = new Map<number, TCategory>();
    for (const row of rows) {
      nodes.set(row.id, { id: row.id, name: row.name, url: row.url, icon: row.icon, image: row.image, children: [] });
    }
    const roots: TCategory[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id) as TCategory;
      const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    cached = { at: Date.now(), tree: roots };
    return roots;
  }

  return {
    tree,
    /** The subtree under one category (spec 7: GET /shop/goods/classify with id). */
    async subtree(id: number): Promise<TCategory[]> {
      const stack = [...(await tree())];
      while (stack.length) {
        const node = stack.pop() as TCategory;
        if (node.id === id) return [node];
        stack.push(...node.children);
      }
      throw AppError.notFound('Category not found');
    },
    forget() {
      cached = undefined;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
