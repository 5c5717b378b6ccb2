import { CODE_OK, type ShopLoadContext } from '@shop/contracts';
import { data } from 'react-router';
import type { CategoryNode } from './types';

/** The top categories (GET /shop/goods/classify); a 503 page when the catalogue cannot be read. */
export async function loadTopCategories(context: ShopLoadContext): Promise<CategoryNode[]> {
  const envelope = await context.api<CategoryNode[]>('/shop/goods/classify');
  if (envelope.code !== CODE_OK || !Array.isArray(envelope.result)) throw data(null, { status: 503 });
  return envelope.result;
}
