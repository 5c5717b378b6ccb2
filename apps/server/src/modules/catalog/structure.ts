import type { TCategory, TCategoryRef } from '@shop/contracts/catalog';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { AttributeKind } from './attributes';
import type { CatalogRepo } from './repo';

/** The category tree and attribute values: re-read after this long, or at once on invalidation. */
const STRUCTURE_TTL_MS = 60_000;

export const CATEGORY_NOT_FOUND = 'Category not found';

export type AttributeValue = { id: number; kind: AttributeKind; name: string; sort: number };
type CategoryNode = { node: TCategory; parentId: number | null };

/** The slow-changing shape of the catalogue: categories and attribute values. */
export type Structure = {
  at: number;
  tree: TCategory[];
  categories: Map<number, CategoryNode>;
  attributes: Map<number, AttributeValue>;
  /** attribute values in display order: colours by name, sizes by their run */
  ordered: AttributeValue[];
};

function buildStructure(
  rows: { id: number; parent_id: number | null; name: string; url: string; icon: string; image: string }[],
  values: AttributeValue[],
): Structure {
  const categories = new Map<number, CategoryNode>();
  for (const row of rows) {
    categories.set(row.id, {
      node: { id: row.id, name: row.name, url: row.url, icon: row.icon, image: row.image, children: [] },
      parentId: row.parent_id,
    });
  }
  const tree: TCategory[] = [];
  for (const { node, parentId } of categories.values()) {
    const parent = parentId === null ? undefined : categories.get(parentId);
    if (parent) parent.node.children.push(node);
    else tree.push(node);
  }
  const ordered = [...values].sort(
    (a, b) => (a.kind === b.kind ? 0 : a.kind === 'color' ? -1 : 1) || a.sort - b.sort || a.name.localeCompare(b.name),
  );
  return { at: Date.now(), tree, categories, attributes: new Map(values.map((v) => [v.id, v])), ordered };
}

/** A category and every category below it. */
export function subtreeIds(node: TCategory): number[] {
  const ids: number[] = [];
  const stack = [node];
  while (stack.length) {
    const next = stack.pop() as TCategory;
    ids.push(next.id);
    stack.push(...next.children);
  }
  return ids;
}

/** The path from the top category down to `categoryId`. */
export function pathOf(structure: Structure, categoryId: number): TCategoryRef[] {
  const path: TCategoryRef[] = [];
  const seen = new Set<number>();
  let current = structure.categories.get(categoryId);
  while (current && !seen.has(current.node.id)) {
    seen.add(current.node.id);
    path.unshift({ id: current.node.id, name: current.node.name, url: current.node.url });
    current = current.parentId === null ? undefined : structure.categories.get(current.parentId);
  }
  return path;
}

/**
 * The catalogue's structure as this instance knows it: read once, re-read after STRUCTURE_TTL_MS,
 * dropped on an invalidation, and read again at once when a request names an id it lacks.
 */
export function structureReader(repo: CatalogRepo) {
  let structure: Promise<Structure> | undefined;

  function load(): Promise<Structure> {
    const loading = Promise.all([repo.categories(), repo.attributeValues()]).then(([rows, values]) =>
      buildStructure(rows, values),
    );
    structure = loading;
    loading.catch(() => {
      if (structure === loading) structure = undefined;
    });
    return loading;
  }

  async function current(): Promise<Structure> {
    const cached = await structure;
    if (cached && Date.now() - cached.at < STRUCTURE_TTL_MS) return cached;
    return load();
  }

  /**
   * The structure, re-read when it misses ids that the database has (a category or value added
   * since it was read), so new ones show at once while unknown ids cost one lookup.
   */
  async function knowing(
    missingFrom: (s: Structure) => number[],
    exist: (ids: number[]) => Promise<boolean>,
  ): Promise<Structure> {
    const cached = await current();
    const missing = missingFrom(cached);
    if (missing.length === 0 || !(await exist(missing))) return cached;
    return load();
  }

  async function categoryNode(id: number): Promise<TCategory> {
    const s = await knowing((s) => (s.categories.has(id) ? [] : [id]), repo.categoriesExist);
    const found = s.categories.get(id);
    if (!found) throw AppError.notFound(CATEGORY_NOT_FOUND);
    return found.node;
  }

  return {
    current,
    knowing,
    categoryNode,
    /** Forgets the structure: the next request reads it again. */
    drop() {
      structure = undefined;
    },
  };
}

/** The given categories and every category under them (a coupon's category scope takes in the subtree). */
export async function categoriesWithDescendants(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('categories').select(['id', 'parent_id']).execute();
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id !== null) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  }
  const found = new Set<number>();
  const queue = [...ids];
  while (queue.length) {
    const id = queue.pop() as number;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...found];
}
