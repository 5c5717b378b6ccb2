import {
  CartMessages,
  CartPaths,
  ZCartAddRequest,
  ZCartClearResponse,
  ZCartDeleteRequest,
  ZCartDeleteResponse,
  ZCartLineResponse,
  ZCartListQuery,
  ZCartListResponse,
  ZCartMergeRequest,
  ZCartMergeResponse,
  ZCartUpdateRequest,
} from '@shop/contracts/cart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { CartService } from './service';

type Deps = { cart: CartService; auth: AuthService };

/** spec 7 "Cart": the signed-in shopper's bag. Every route acts on the caller's own lines only. */
export function cartRoutes(app: FastifyInstance, { cart, auth }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).subjectId;

  r.get(
    CartPaths.list,
    {
      schema: {
        tags: ['cart'],
        summary: 'The bag, newest line first (spec 3 "Cart item")',
        security,
        querystring: ZCartListQuery,
        response: { 200: ZCartListResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await cart.list(userOf(request), { page: request.query.page, pageSize: request.query.page_size })),
  );

  r.post(
    CartPaths.add,
    {
      schema: {
        tags: ['cart'],
        summary: "Adds pieces of a SKU (to its line when the bag has one), within the SKU's stock",
        security,
        body: ZCartAddRequest,
        response: { 200: ZCartLineResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await cart.add(userOf(request), request.body), CartMessages.added),
  );

  r.post(
    CartPaths.update,
    {
      schema: {
        tags: ['cart'],
        summary: "Sets a line's quantity, within its SKU's stock",
        security,
        body: ZCartUpdateRequest,
        response: { 200: ZCartLineResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await cart.update(userOf(request), request.body.id, request.body.num), CartMessages.updated),
  );

  r.post(
    CartPaths.delete,
    {
      schema: {
        tags: ['cart'],
        summary: 'Removes a line',
        security,
        body: ZCartDeleteRequest,
        response: { 200: ZCartDeleteResponse },
      },
      onRequest: requireUser,
    },
    async (request) => {
      await cart.remove(userOf(request), request.body.id);
      return ok(null, CartMessages.removed);
    },
  );

  r.post(
    CartPaths.clear,
    {
      schema: { tags: ['cart'], summary: 'Empties the bag', security, response: { 200: ZCartClearResponse } },
      onRequest: requireUser,
    },
    async (request) => ok(await cart.clear(userOf(request)), CartMessages.cleared),
  );

  r.post(
    CartPaths.merge,
    {
      schema: {
        tags: ['cart'],
        summary: "Adds a guest's bag to the account's at sign-in: summed, capped by stock, each line reported",
        security,
        body: ZCartMergeRequest,
        response: { 200: ZCartMergeResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await cart.merge(userOf(request), request.body)),
  );
}
