import type { TAdminCategory, TAdminCategoryList } from '@shop/contracts/catalog-admin';
import { CatalogAdminPaths } from '@shop/contracts/catalog-admin-rules';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';

/** A category in the tree's display order, with its depth and its place among its siblings. */
export type TreeRow = { category: TAdminCategory; depth: number; index: number; siblings: number };

/** The tree as rows in display order: each category under its parent, depth first. */
export function treeRows(categories: TAdminCategory[]): TreeRow[] {
  const children = new Map<number | null, TAdminCategory[]>();
  for (const category of categories) children.set(category.parent_id, [...(children.get(category.parent_id) ?? []), category]);
  const rows: TreeRow[] = [];
  const walk = (parent: number | null, depth: number) => {
    const list = children.get(parent) ?? [];
    list.forEach((category, index) => {
      rows.push({ category, depth, index, siblings: list.length });
      walk(category.id, depth + 1);
    });
  };
  walk(null, 0);
  return rows;
}

/** The categories as options, each under its parent, indented by depth. */
export function categoryOptions(categories: TAdminCategoryList['data']): { id: number; label: string; depth: number }[] {
  return treeRows(categories).map(({ category, depth }) => ({
    id: category.id,
    label: `${'— '.repeat(depth)}${category.name}`,
    depth,
  }));
}

/** Every category, for the catalogue's filters, the editor's choice and the tree (loaded only when `allowed`). */
export const useCategories = (allowed: boolean) =>
  useLoad(allowed ? 'categories' : null, () => staffApi.get<TAdminCategoryList>(CatalogAdminPaths.categories, { silent: true }));
