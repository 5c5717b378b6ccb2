import {
  WishlistMessages,
  WishlistPaths,
  ZFavoriteAddResponse,
  ZFavoriteDeleteRequest,
  ZFavoriteGoodsIdsResponse,
  ZFavoriteGoodsRequest,
  ZFavoriteRemoveResponse,
  ZWishlistQuery,
  ZWishlistResponse,
} from '@shop/contracts/wishlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { WishlistService } from './service';

type Deps = { wishlist: WishlistService; auth: AuthService };

/** spec 7 "wishlist": the signed-in shopper's favourite goods; every route acts on the caller's own entries. */
export function wishlistRoutes(app: FastifyInstance, { wishlist, auth }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).subjectId;

  r.get(
    WishlistPaths.list,
    {
      schema: {
        tags: ['wishlist'],
        summary: 'The wishlist, newest first, with each product’s url and pictures (goods on sale only)',
        security,
        querystring: ZWishlistQuery,
        response: { 200: ZWishlistResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await wishlist.list(userOf(request), { page: request.query.page, pageSize: request.query.page_size })),
  );

  r.get(
    WishlistPaths.goodsIds,
    {
      schema: {
        tags: ['wishlist'],
        summary: 'The ids of every product on the wishlist (the hearts of cached pages)',
        security,
        response: { 200: ZFavoriteGoodsIdsResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await wishlist.goodsIds(userOf(request))),
  );

  for (const path of [WishlistPaths.add, WishlistPaths.favorite]) {
    r.post(
      path,
      {
        schema: {
          tags: ['wishlist'],
          summary: 'Adds a product to the wishlist; adding it again answers the same entry',
          security,
          body: ZFavoriteGoodsRequest,
          response: { 200: ZFavoriteAddResponse },
        },
        onRequest: requireUser,
      },
      async (request) => ok(await wishlist.add(userOf(request), request.body.goods_id), WishlistMessages.added),
    );
  }

  r.post(
    WishlistPaths.delete,
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Removes a wishlist entry by its id',
        security,
        body: ZFavoriteDeleteRequest,
        response: { 200: ZFavoriteRemoveResponse },
      },
      onRequest: requireUser,
    },
    async (request) => {
      await wishlist.remove(userOf(request), request.body.id);
      return ok({ removed: 1 }, WishlistMessages.removed);
    },
  );

  r.post(
    WishlistPaths.unfavorite,
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Removes a product from the wishlist (nothing to remove is no error)',
        security,
        body: ZFavoriteGoodsRequest,
        response: { 200: ZFavoriteRemoveResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await wishlist.removeGoods(userOf(request), request.body.goods_id), WishlistMessages.removed),
  );
}
