import type { TAdminProductList } from '@shop/contracts/catalog-admin';
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
import { Link, useSearchParams } from 'react-router';
import { type Columns, DataTable, type TableState } from '../../components/office/data-table';
import { day } from '../../components/office/date-time';
import { SearchBar } from '../../components/office/search-bar';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { cx, focusRing } from '../../lib/cx';
import { pageHref, pageOf } from '../../lib/page-address';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { CatalogNav, NEW_PRODUCT_PATH, productPath } from './catalog-nav';
import { categoryOptions, useCategories } from './category-tree';

type Product = TAdminProductList['data'][number];

const VISIBILITY_LABELS = { all: 'Shown and hidden', shown: 'Shown', hidden: 'Hidden' } as const;

/** The list's filters as the address holds them; defaults are left out of it. */
function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    q: params.get('q') ?? '',
    categoryId: params.get('category_id') ?? '',
    visibility: PRODUCT_VISIBILITIES.find((value) => value === params.get('visibility')) ?? 'all',
    sort: PRODUCT_SORTS.find((value) => value === params.get('sort')) ?? 'newest',
    page: pageOf(params),
  };
  const hrefFor = (target: number) => pageHref(params, target);
  const apply = (values: Record<string, string>) => {
    const next: Record<string, string> = {};
    for (const name of ['q', 'category_id', 'visibility', 'sort']) {
      const value = values[name] ?? '';
      if (value && !(name === 'visibility' && value === 'all') && !(name === 'sort' && value === 'newest')) next[name] = value;
    }
    setParams(next);
  };
  return { filters, key: params.toString(), hrefFor, apply };
}

const columns: Columns<Product> = [
  {
    header: 'Product',
    cell: (product) => (
      <div className="flex items-center gap-3">
        {product.image ? (
          <img src={resizedImageUrl(product.image, 80)} alt="" width={40} height={40} className="size-10 rounded object-cover" />
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
    ),
  },
  { header: 'Category', cell: (product) => product.category_name, className: 'text-gray-700' },
  { header: 'Visibility', cell: (product) => (product.visible ? 'Shown' : 'Hidden'), className: 'text-gray-700' },
  { header: 'From', cell: (product) => formatPrice(product.min_price), align: 'right', className: 'text-gray-900' },
  {
    header: 'Stock',
    align: 'right',
    cell: (product) => (
      <>
        <span className={product.stock === 0 ? 'font-medium text-red-800' : 'text-gray-900'}>{product.stock}</span>
        <span className="text-gray-600"> in {product.skus} SKUs</span>
      </>
    ),
  },
  { header: 'Changed', cell: (product) => day(product.updated_at), className: 'whitespace-nowrap text-gray-700' },
];

/** /office/catalog: the products, searched, filtered by category and visibility, sorted and paged. */
export function CatalogPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'catalog.edit');
  const { filters, key, hrefFor, apply } = useProductFilters();
  const { q, categoryId, visibility, sort, page } = filters;
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

  if (!allowed) return <NotAllowed what="editing the catalogue" />;
  const list = load.status === 'ready' ? load.value : null;
  const options = categories.load.status === 'ready' ? categoryOptions(categories.load.value.data) : [];
  const filtered = q !== '' || categoryId !== '' || visibility !== 'all';
  const state: TableState = {
    status: load.status,
    loading: 'Loading products…',
    failed: 'The products could not be loaded.',
    empty: filtered ? 'No product matches these filters.' : 'The catalogue has no product yet.',
    retry,
  };
  return (
    <section aria-labelledby="catalog-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="catalog-title" className="text-2xl font-semibold text-gray-900">
          Catalogue
        </h1>
        <Link
          to={NEW_PRODUCT_PATH}
          className={cx(
            'inline-flex min-h-11 items-center rounded-md bg-gray-900 px-4 text-sm font-medium text-white hover:bg-gray-700',
            focusRing,
          )}
        >
          New product
        </Link>
      </div>
      <CatalogNav />
      <SearchBar
        key={key}
        label="Find products"
        search={{ label: 'Name, address or number', defaultValue: q, className: 'lg:col-span-2' }}
        submitLabel="Show products"
        onSearch={apply}
        className="mt-4 grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
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
      </SearchBar>

      <DataTable
        label="Products found"
        caption={
          <>
            Products{list ? `, ${list.total} found, page ${page}` : ''}
            {q ? ` for “${q}”` : ''}
          </>
        }
        className="mt-4 rounded-lg border border-gray-200 bg-white"
        minWidth="min-w-[760px]"
        headerCellClassName=""
        columns={columns}
        rows={list?.data ?? []}
        rowKey={(product) => product.id}
        rowProps={(product) => ({ 'data-product': product.name })}
        state={state}
      />
      <Pagination page={page} pages={list ? Math.ceil(list.total / PRODUCT_PAGE_SIZE_DEFAULT) : 0} hrefFor={hrefFor} />
    </section>
  );
}
