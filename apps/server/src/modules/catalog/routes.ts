// the routes' `compress` option is declared by @fastify/compress, which the server registers
import type {} from '@fastify/compress';
import {
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
} from '@shop/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSubject } from '../../http/auth';
import { ok, sendShared } from '../../http/envelope';
import { type GuestAnswers, guestAnswers } from '../../http/guest-answers';
import { guarded } from '../../http/route-options';
import type { AuthService } from '../auth';
import { historyRoutes, viewerOf } from './history-routes';
import type { CatalogService } from './service';

type Deps = { catalog: CatalogService; auth: AuthService };

/** The guest answers' first hook, then the optional sign-in: what every storefront read starts with. */
type Hooks = { answers: GuestAnswers; maybeUser: ReturnType<typeof optionalSubject> };

/**
 * The storefront reads answered with shared results: the guest answers' hook first, then the
 * optional sign-in (listings send JSON made once, so the compressor leaves them: `compress: false`).
 */
const sharedAnswers = ({ answers, maybeUser }: Hooks) =>
  guarded(['catalog'], [answers.repeat, maybeUser], { documentToken: false });

/** spec 7 "Goods, categories, history": the storefront's catalogue, search and browsing history. */
export function catalogRoutes(app: FastifyInstance, { catalog, auth }: Deps) {
  const hooks: Hooks = { maybeUser: optionalSubject(auth, 'user'), answers: guestAnswers((result) => catalog.holds(result)) };
  browseRoutes(app, catalog, hooks);
  showcaseRoutes(app, catalog, hooks);
  historyRoutes(app, { catalog, auth });
}

/** The category tree, category listings, search, suggestions and the product page. */
function browseRoutes(app: FastifyInstance, catalog: CatalogService, { answers, maybeUser }: Hooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shared = sharedAnswers({ answers, maybeUser });
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
      ...shared({
        summary: 'A category listing with its descendants: filters (colour, size, price), sort, facets',
        description:
          'classify_id is "123" or the listing URL form "dresses-123". type: newest (default), price_asc, price_desc, ' +
          'best_selling. attribute_value_ids: comma-separated colour and size value ids (OR within a dimension, ' +
          'AND across, matched against in-stock SKUs). min_price/max_price in USD.',
        querystring: ZClassifyDetailQuery,
        response: { 200: ZGoodsListingResponse },
      }),
      compress: false,
    },
    async (request, reply) =>
      answers.send(request, reply, ZGoodsListingResponse, await catalog.classifyDetail(request.query, viewerOf(request))),
  );

  r.get(
    '/shop/goods',
    {
      ...shared({
        summary: 'Search goods by name, description, category and colour (small typos forgiven)',
        description:
          'An empty name lists every product. type: relevance (default with a name), newest (default without), ' +
          'price_asc, price_desc, best_selling. Filters and facets as on /shop/goods/classifyDetail.',
        querystring: ZGoodsSearchQuery,
        response: { 200: ZGoodsListingResponse },
      }),
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
    shared({
      summary: 'A product page by id or url, with its SKUs, colours, sizes and category path',
      querystring: ZGoodsDetailQuery,
      response: { 200: ZGoodsDetailResponse },
    }),
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
}

/** The pages' showcases: best sellers, a category's home page, recommendations. */
function showcaseRoutes(app: FastifyInstance, catalog: CatalogService, { answers, maybeUser }: Hooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shared = sharedAnswers({ answers, maybeUser });
  r.get(
    '/api/hot/goods',
    shared({ summary: 'Best sellers', querystring: ZHotGoodsQuery, response: { 200: ZGoodsPageResponse } }),
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
    shared({
      summary: 'A category home page: the category, its sub-categories and its best sellers',
      querystring: ZIndexClassifyQuery,
      response: { 200: ZIndexClassifyResponse },
    }),
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
    shared({
      summary: 'Recommendations: best sellers of every top category in turn',
      querystring: ZRecommendQuery,
      response: { 200: ZGoodsPageResponse },
    }),
    async (request, reply) =>
      answers.send(
        request,
        reply,
        ZGoodsPageResponse,
        await catalog.recommend({ page: request.query.page, pageSize: request.query.page_size }, viewerOf(request)),
      ),
  );
}
