import { CODE_OK, type ShopLoadContext } from '@shop/contracts';
import type { TGoodsPage } from '@shop/contracts/catalog';
import { data } from 'react-router';
import { cardFields } from '../../components/product/card-fields';
import { requestOrigin } from '../../lib/seo';
import { RECOMMEND_PAGE_SIZE, type RecommendPageData, recommendPageParam } from './recommend-data';

/** One page of the recommendations; a page number that is malformed or past the last page is not found. */
export async function loadRecommendations(context: ShopLoadContext, request: Request): Promise<RecommendPageData> {
  const page = recommendPageParam(new URL(request.url).searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const envelope = await context
    .api<TGoodsPage>(`/api/recommend/goods?page=${page}&page_size=${RECOMMEND_PAGE_SIZE}`)
    .catch(() => null);
  if (envelope?.code !== CODE_OK || !Array.isArray(envelope.result?.data)) throw data(null, { status: 503 });
  const { data: goods, total } = envelope.result;
  const pages = Math.max(1, Math.ceil(total / RECOMMEND_PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  return {
    origin: requestOrigin(request),
    page,
    pages,
    total,
    goods: goods.map(cardFields),
  };
}
