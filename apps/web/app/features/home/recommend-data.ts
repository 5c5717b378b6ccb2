import type { ProductCardItem } from '../../components/product/product-card';

/** A page of the recommendations (GET /api/recommend/goods). */
export type RecommendPageData = {
  origin: string;
  page: number;
  pages: number;
  total: number;
  goods: ProductCardItem[];
};

/** spec 2 "Routes": the recommendations page. */
export const RECOMMEND_PATH = '/recommend/recommend';
export const RECOMMEND_TITLE = 'Recommended for you';

/** A grid of 2, 3, 4 or 6 products a row: 24 fills every row at every width. */
export const RECOMMEND_PAGE_SIZE = 24;

/** /recommend/recommend for the first page, ?page=N after it. */
export const recommendHref = (page: number) => (page > 1 ? `${RECOMMEND_PATH}?page=${page}` : RECOMMEND_PATH);

/** The `page` query parameter: 1 when absent, null when it is not a page number. */
export function recommendPageParam(value: string | null): number | null {
  if (value === null || value === '') return 1;
  return /^[1-9]\d{0,3}$/.test(value) ? Number(value) : null;
}
