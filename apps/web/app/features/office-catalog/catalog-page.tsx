import type { TAdminCategoryList, TAdminProductList } from '@shop/contracts/catalog-admin';
import {
  CatalogAdminPaths,
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  PRODUCT_VISIBILITIES,
} from '@shop/contracts/catalog-admin-rules';
import { resizedImageUrl } from '@shop/contracts/images';
import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import type { FormEvent } from 'react';
import { Link, NavLink, useSearchParams } from 'react-router';
import { day } from '../../components/office/date-time';
import { ScrollBox } from '../../components/office/scroll-box';
import { TableBody } from '../../components/office/table-body';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';

export const CATALOG_PATH = `${OFFICE_PATH}/catalog`;
export const NEW_PRODUCT_PATH = `${CATALOG_PATH}/new`;
export const CATEGORIES_PATH = `${CATALOG_PATH}/categories`;
export const CATALOG_CSV_PATH = `${CATALOG_PATH}/csv`;
export const productPath = (id: number) => `${CATALOG_PATH}/${id}`;

const VISIBILITY_LABELS = { all: 'Shown and hidden', shown: 'Shown', hidden: 'Hidden' } as const;

/** The catalogue's own pages, one link each, the current one marked. */
export function CatalogNav() {
  const links = [
    { to: CATALOG_PATH, label: 'Products', end: true },
    { to: CATEGORIES_PATH, label: 'Categories', end: false },
    { to: CATALOG_CSV_PATH, label: 'CSV export and import', end: false },
  ];
  return (
    <nav aria-label="Catalogue" className="mt-3 flex flex-wrap gap-2">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cx(
              'rounded-md border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-gray-900',
              isActive ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The categories as options, each under its parent, indented by depth. */
export function categoryOptions(categories: TAdminCategoryList['data']): { id: number; label: string; depth: number }[] {
  const children = new Map<number | null, typeof categories>();
  for (const category of categories) children.set(category.parent_id, [...(children.get(category.parent_id) ?? []), category]);
  const out: { id: number; label: string; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      out.push({ id: category.id, label: `${'— '.repeat(depth)}${category.name}`, depth });
      walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export const useCategories = (allowed: boolean) =>
  useLoad(allowed ? 'categories' : null, () => staffApi.get<TAdminCategoryList>(CatalogAdminPaths.categories, { silent: true }));

/** /office/catalog: the products, searched, filtered by category and visibility, sorted and paged. */
export function CatalogPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'catalog.edit');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const categoryId = params.get('category_id') ?? '';
  const visibility = PRODUCT_VISIBILITIES.find((value) => value === params.get('visibility')) ?? 'all';
  const sort = PRODUCT_SORTS.find((value) => value === params.get('sort')) ?? 'newest';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = {
    q,
    visibility,
    sort,
    page,
    pagesize: PRODUCT_PAGE_SIZE_DEFAULT,
    ...(categoryId ? { category_id: categoryId } : {}),
  };
  const { load, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<TAdminProductList>(CatalogAdminPaths.products, { query, silent: true }),
  );
  const categories = useCategories(allowed);

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const name of ['q', 'category_id', 'visibility', 'sort']) {
      const value = String(data.get(name) ?? '').trim();
      if (value && !(name === 'visibility' && value === 'all') && !(name === 'sort' && value === 'newest')) next[name] = value;
    }
    setParams(next);
  };

  if (!allowed) return <NotAllowed what="editing the catalogue" />;
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const pages = list ? Math.ceil(list.total / PRODUCT_PAGE_SIZE_DEFAULT) : 0;
  const options = categories.load.status === 'ready' ? categoryOptions(categories.load.value.data) : [];
  const filtered = q !== '' || categoryId !== '' || visibility !== 'all';
  return (
    <section aria-labelledby="catalog-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="catalog-title" className="text-2xl font-semibold text-gray-900">
          Catalogue
        </h1>
        <Link
          to={NEW_PRODUCT_PATH}
          className="inline-flex min-h-11 items-center rounded-md bg-gray-900 px-4 text-sm font-medium text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
        >
          New product
        </Link>
      </div>
      <CatalogNav />
      <form
        onSubmit={onFilter}
        aria-label="Find products"
        key={params.toString()}
        className="mt-4 grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <Field
          label="Name, address or number"
          name="q"
          type="search"
          defaultValue={q}
          autoComplete="off"
          className="lg:col-span-2"
        />
        <SelectField label="Category" name="category_id" defaultValue={categoryId}>
          <option value="">Every category</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Visibility" name="visibility" defaultValue={visibility}>
          {PRODUCT_VISIBILITIES.map((value) => (
            <option key={value} value={value}>
              {VISIBILITY_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Sort" name="sort" defaultValue={sort}>
          {PRODUCT_SORTS.map((value) => (
            <option key={value} value={value}>
              {PRODUCT_SORT_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" className="sm:col-span-2 lg:col-span-5 lg:justify-self-start">
          Show products
        </Button>
      </form>

      <ScrollBox label="Products found" className="mt-4 rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[760px] text-left text-sm">
          <caption className="sr-only">
            Products{list ? `, ${list.total} found, page ${page}` : ''}
            {q ? ` for “${q}”` : ''}
          </caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Product
              </th>
              <th scope="col" className="px-3 py-2">
                Category
              </th>
              <th scope="col" className="px-3 py-2">
                Visibility
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                From
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Stock
              </th>
              <th scope="col" className="px-3 py-2">
                Changed
              </th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={6}
            loading="Loading products…"
            failed="The products could not be loaded."
            empty={filtered ? 'No product matches these filters.' : 'The catalogue has no product yet.'}
            retry={retry}
          >
            {rows.map((product) => (
              <tr key={product.id} className="border-b border-gray-100 last:border-0" data-product={product.name}>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-3">
                    {product.image ? (
                      <img
                        src={resizedImageUrl(product.image, 80)}
                        alt=""
                        width={40}
                        height={40}
                        className="size-10 rounded object-cover"
                      />
                    ) : (
                      <span aria-hidden className="size-10 rounded bg-gray-100" />
                    )}
                    <Link
                      to={productPath(product.id)}
                      className="font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900"
                    >
                      {product.name}
                    </Link>
                  </div>
                </td>
                <td className="px-3 py-2 text-gray-700">{product.category_name}</td>
                <td className="px-3 py-2 text-gray-700">{product.visible ? 'Shown' : 'Hidden'}</td>
                <td className="px-3 py-2 text-right text-gray-900">{formatPrice(product.min_price)}</td>
                <td className={cx('px-3 py-2 text-right', product.stock === 0 ? 'font-medium text-red-800' : 'text-gray-900')}>
                  {product.stock}
                  <span className="text-gray-600"> in {product.skus} SKUs</span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">{day(product.updated_at)}</td>
              </tr>
            ))}
          </TableBody>
        </table>
      </ScrollBox>
      <Pagination page={page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}
