import {
  ZAddVisitRequest,
  ZAddVisitResponse,
  ZClassifyDetailQuery,
  ZClassifyQuery,
  ZClassifyResponse,
  ZGoodsDetailQuery,
  ZGoodsDetailResponse,
  ZGoodsListingResponse,
  ZGoodsPageResponse,
  ZGoodsSearchQuery,
  ZHotGoodsQuery,
  ZIndexClassifyQuery,
  ZIndexClassifyResponse,
  ZRecommendQuery,
  ZSuggestQuery,
  ZSuggestResponse,
  ZViewLogBatchSaveRequest,
  ZViewLogBatchSaveResponse,
  ZViewLogQuery,
  ZViewLogResponse,
} from '@shop/contracts/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSubject, principalOf, requireSubject } from '../../http/auth';
import { ok, sendShared } from '../../http/envelope';
import { guestAnswers } from '../../http/guest-answers';
import type { AuthService } from '../auth/service';
import type { CatalogService } from './service';

type Deps = { catalog: CatalogService; auth: AuthService };

/** The signed-in shopper behind an optional-auth request, if any. */
const viewerOf = (request: FastifyRequest) => request.principal?.subjectId;

/** spec 7 "Goods, categories, history": the storefront's catalogue, search and browsing history. */
export function catalogRoutes(app: FastifyInstance, { catalog, auth }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maybeUser = optionalSubject(auth, 'user');
  const answers = guestAnswers((result) => catalog.holds(result));
  const requireUser = requireSubject(auth, 'user');
  const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

  r.get(
    '/shop/goods/classify',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree',
        querystring: ZClassifyQuery,
        response: { 200: ZClassifyResponse },
      },
    },
    async (request, reply) =>
      request.query.id ? ok(await catalog.subtree(request.query.id)) : sendShared(reply, ZClassifyResponse, await catalog.tree()),
  );

  r.get(
    '/shop/goods/classifyDetail',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A category listing with its descendants: filters (colour, size, price), sort, facets',
        description:
          'classify_id is "123" or the listing URL form "dresses-123". type: newest (default), price_asc, price_desc, ' +
          'best_selling. attribute_value_ids: comma-separated colour and size value ids (OR within a dimension, ' +
          'AND across, matched against in-stock SKUs). min_price/max_price in USD.',
        querystring: ZClassifyDetailQuery,
        response: { 200: ZGoodsListingResponse },
      },
      onRequest: [answers.repeat, maybeUser],
      // answered by sendShared, which compresses each shared answer once
      compress: false,
    },
    async (request, reply) =>
      answers.send(request, reply, ZGoodsListingResponse, await catalog.classifyDetail(request.query, viewerOf(request))),
  );

  r.get(
    '/shop/goods',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Search goods by name, description, category and colour (small typos forgiven)',
        description:
          'An empty name lists every product. type: relevance (default with a name), newest (default without), ' +
          'price_asc, price_desc, best_selling. Filters and facets as on /shop/goods/classifyDetail.',
        querystring: ZGoodsSearchQuery,
        response: { 200: ZGoodsListingResponse },
      },
      onRequest: [answers.repeat, maybeUser],
      // answered by sendShared, which compresses each shared answer once
      compress: false,
    },
    async (request, reply) =>
      answers.send(request, reply, ZGoodsListingResponse, await catalog.search(request.query, viewerOf(request))),
  );

  r.get(
    '/shop/goods/suggest',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Search-box suggestions: up to 8 goods and 4 categories',
        querystring: ZSuggestQuery,
        response: { 200: ZSuggestResponse },
      },
      onRequest: answers.repeat,
    },
    async (request, reply) => answers.send(request, reply, ZSuggestResponse, await catalog.suggest(request.query.keyword)),
  );

  r.get(
    '/shop/goods/detail',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product page by id or url, with its SKUs, colours, sizes and category path',
        querystring: ZGoodsDetailQuery,
        response: { 200: ZGoodsDetailResponse },
      },
      onRequest: [answers.repeat, maybeUser],
    },
    async (request, reply) => {
      const { id, url } = request.query;
      return answers.send(
        request,
        reply,
        ZGoodsDetailResponse,
        await catalog.detail(id !== undefined ? { id } : { url: url ?? '' }, viewerOf(request)),
      );
    },
  );

  r.get(
    '/api/hot/goods',
    {
      schema: { tags: ['catalog'], summary: 'Best sellers', querystring: ZHotGoodsQuery, response: { 200: ZGoodsPageResponse } },
      onRequest: [answers.repeat, maybeUser],
    },
    async (request, reply) =>
      answers.send(
        request,
        reply,
        ZGoodsPageResponse,
        await catalog.hot({ page: request.query.page, pageSize: request.query.pagesize }, viewerOf(request)),
      ),
  );

  r.get(
    '/api/get/index/classify',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A category home page: the category, its sub-categories and its best sellers',
        querystring: ZIndexClassifyQuery,
        response: { 200: ZIndexClassifyResponse },
      },
      onRequest: [answers.repeat, maybeUser],
    },
    async (request, reply) =>
      answers.send(
        request,
        reply,
        ZIndexClassifyResponse,
        await catalog.categoryHome(request.query.main_classify_id, viewerOf(request)),
      ),
  );

  r.get(
    '/api/recommend/goods',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Recommendations: best sellers of every top category in turn',
        querystring: ZRecommendQuery,
        response: { 200: ZGoodsPageResponse },
      },
      onRequest: [answers.repeat, maybeUser],
    },
    async (request, reply) =>
      answers.send(
        request,
        reply,
        ZGoodsPageResponse,
        await catalog.recommend({ page: request.query.page, pageSize: request.query.page_size }, viewerOf(request)),
      ),
  );

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
