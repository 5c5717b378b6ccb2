import {
  ZAddVisitRequest,
  ZAddVisitResponse,
  ZViewLogBatchSaveRequest,
  ZViewLogBatchSaveResponse,
  ZViewLogQuery,
  ZViewLogResponse,
} from '@shop/contracts/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSubject, principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { CatalogService } from './service';

/** The signed-in shopper behind an optional-auth request, if any. */
export const viewerOf = (request: FastifyRequest) => request.principal?.subjectId;

/** Product page visits and the shopper's browsing history (the latest 100 products). */
export function historyRoutes(app: FastifyInstance, { catalog, auth }: { catalog: CatalogService; auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maybeUser = optionalSubject(auth, 'user');
  const requireUser = requireSubject(auth, 'user');
  r.post(
    '/shop/goods/addVisit',
    {
      schema: {
        tags: ['catalog'],
        summary: "Counts a product page visit; a signed-in shopper's visit joins their browsing history",
        body: ZAddVisitRequest,
        response: { 200: ZAddVisitResponse },
      },
      onRequest: maybeUser,
    },
    async (request) => {
      await catalog.addVisit(request.body.goods_id, viewerOf(request));
      return ok(null);
    },
  );

  r.get(
    '/api/productViewLog/index',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The browsing history, most recent first',
        security,
        querystring: ZViewLogQuery,
        response: { 200: ZViewLogResponse },
      },
      onRequest: requireUser,
    },
    async (request) =>
      ok(await catalog.history(principalOf(request).subjectId, { page: request.query.page, pageSize: request.query.page_size })),
  );

  r.post(
    '/api/productViewLog/batchSave',
    {
      schema: {
        tags: ['catalog'],
        summary: "Merges a guest's local browsing history (most recent first) into the account",
        security,
        body: ZViewLogBatchSaveRequest,
        response: { 200: ZViewLogBatchSaveResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await catalog.mergeHistory(principalOf(request).subjectId, request.body.goods_ids)),
  );
}
