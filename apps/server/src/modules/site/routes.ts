import { key } from '@shop/contracts/fields';
import {
  ZCurrencyListResponse,
  ZHelpPageEditRequest,
  ZHelpPageListResponse,
  ZHelpPageQuery,
  ZHelpPageResponse,
  ZHomeConfig,
  ZSettingValueQuery,
  ZSettingValueResponse,
  ZSiteConfigResponse,
} from '@shop/contracts/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { buildRobots } from './seo-files';
import type { SiteService } from './service';

type Deps = { site: SiteService; guard: StaffGuard };

/** Browsers and crawlers may keep these files this long (seconds). */
const HOME_CONFIG_MAX_AGE_S = 60;
const SEO_FILES_MAX_AGE_S = 300;

/** A host name, IPv4 or bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin the request was sent to (behind a trusted proxy: the forwarded one), for absolute addresses. */
function originOf(request: FastifyRequest): string {
  const host = request.host;
  if (!HOST.test(host)) throw new AppError('bad_request', 'The Host header is not valid');
  return `${request.protocol}://${host.toLowerCase()}`;
}

/** spec 7 "Settings, currency, map", spec 3 "Home configuration", the help pages, sitemap.xml and robots.txt. */
export function siteRoutes(app: FastifyInstance, { site, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site'];

  r.get(
    '/api/exchange/rate/list',
    { schema: { tags, summary: 'The currencies, USD first', response: { 200: ZCurrencyListResponse } } },
    async () => ok(await site.currencies()),
  );

  r.get(
    '/shop/common/setting',
    { schema: { tags, summary: 'The site configuration', response: { 200: ZSiteConfigResponse } } },
    async () => ok(await site.siteConfig()),
  );

  r.get(
    '/api/setting/value',
    {
      schema: {
        tags,
        summary: 'The value of one public setting',
        querystring: ZSettingValueQuery,
        response: { 200: ZSettingValueResponse },
      },
    },
    async (request) => ok(await site.settingValue(request.query.setting_key)),
  );

  // Before the page renderer's catch-all: /home/data/… is a file, never a page.
  r.get(
    '/home/data/:url.json',
    {
      schema: {
        tags,
        summary: 'The home configuration of a top category (the document itself, no envelope)',
        params: z.object({ url: key('url').max(120) }),
        response: { 200: ZHomeConfig },
      },
    },
    async (request, reply) => {
      const config = await site.homeConfig(request.params.url);
      reply.header('cache-control', `public, max-age=${HOME_CONFIG_MAX_AGE_S}`);
      return config;
    },
  );

  r.get(
    '/api/help/page',
    { schema: { tags, summary: 'One help page', querystring: ZHelpPageQuery, response: { 200: ZHelpPageResponse } } },
    async (request) => ok(await site.helpPage(request.query.key)),
  );

  r.get(
    '/api/help/pages',
    { schema: { tags, summary: 'Every help page (key and title)', response: { 200: ZHelpPageListResponse } } },
    async () => ok(await site.helpPages()),
  );

  r.put(
    '/admin/help/page',
    {
      schema: {
        tags,
        summary: 'Write a help page (content.edit)',
        security: [{ userToken: [] }, { bearer: [] }],
        body: ZHelpPageEditRequest,
        response: { 200: ZHelpPageResponse },
      },
      onRequest: guard.may('content.edit'),
    },
    async (request) => ok(await site.saveHelpPage(principalOf(request).subjectId, request.body), 'Help page saved'),
  );

  const sendSitemap = async (request: FastifyRequest, reply: FastifyReply, page: number | null) => {
    const xml = await site.sitemap(originOf(request), page);
    if (xml === null) throw AppError.notFound('Sitemap not found');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${SEO_FILES_MAX_AGE_S}`)
      .send(xml);
  };

  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => sendSitemap(request, reply, null));

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', { schema: { hide: true } }, (request, reply) => {
    const page = /^[1-9]\d{0,5}$/.test(request.params.page) ? Number(request.params.page) : 0;
    return sendSitemap(request, reply, page);
  });

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${SEO_FILES_MAX_AGE_S}`)
      .send(buildRobots(originOf(request))),
  );
}
