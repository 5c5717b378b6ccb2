import {
  CurrencyMessages,
  HOME_PICTURE_MAX_BYTES,
  HomeAdminMessages,
  SiteAdminPaths,
  SiteSettingsMessages,
  ZAdminCurrencyListResponse,
  ZAdminCurrencyResponse,
  ZAdminHomePageResponse,
  ZCurrencySaveRequest,
  ZHomePageListResponse,
  ZHomeQuery,
  ZHomeResetRequest,
  ZHomeSaveRequest,
  ZHomeUploadRequest,
  ZHomeUploadResponse,
  ZSiteSettings,
  ZSiteSettingsResponse,
} from '@shop/contracts/site-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { SiteAdmin } from './admin';

type Deps = { siteAdmin: SiteAdmin; guard: StaffGuard };

/** base64 is 4/3 of the bytes, and a data URL's prefix and the JSON around it need a little more. */
const UPLOAD_BODY_LIMIT = Math.ceil((HOME_PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * The back office's site editing (decision 0045): home pages under catalog.edit (the shop's
 * merchandising, the operator's work), site settings and currencies under content.edit.
 */
export function siteAdminRoutes(app: FastifyInstance, { siteAdmin, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site'];
  const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

  r.get(
    SiteAdminPaths.homeList,
    {
      schema: {
        tags,
        summary: 'The top categories and whether staff set their home page (catalog.edit)',
        security,
        response: { 200: ZHomePageListResponse },
      },
      onRequest: guard.may('catalog.edit'),
    },
    async () => ok(await siteAdmin.homePages()),
  );

  r.get(
    SiteAdminPaths.home,
    {
      schema: {
        tags,
        summary: "A top category's home page as the storefront shows it, with the categories it may link to (catalog.edit)",
        security,
        querystring: ZHomeQuery,
        response: { 200: ZAdminHomePageResponse },
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) => ok(await siteAdmin.homePage(request.query.category_id)),
  );

  r.post(
    SiteAdminPaths.homeSave,
    {
      schema: {
        tags,
        summary: "Set a top category's home page: banners, hot recommendations, three images, featured goods (catalog.edit)",
        security,
        body: ZHomeSaveRequest,
        response: { 200: ZAdminHomePageResponse },
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) => ok(await siteAdmin.saveHomePage(principalOf(request).subjectId, request.body), HomeAdminMessages.saved),
  );

  r.post(
    SiteAdminPaths.homeReset,
    {
      schema: {
        tags,
        summary: "Make a top category's home page from the catalogue again (catalog.edit)",
        security,
        body: ZHomeResetRequest,
        response: { 200: ZAdminHomePageResponse },
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) =>
      ok(await siteAdmin.resetHomePage(principalOf(request).subjectId, request.body.category_id), HomeAdminMessages.reset),
  );

  r.post(
    SiteAdminPaths.homeUpload,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a home picture as base64: its type read from the bytes, at most 1600 px wide, re-encoded (catalog.edit)',
        security,
        body: ZHomeUploadRequest,
        response: { 200: ZHomeUploadResponse },
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) =>
      ok(await siteAdmin.uploadHomePicture(principalOf(request).subjectId, request.body.file), HomeAdminMessages.uploaded),
  );

  r.get(
    SiteAdminPaths.settings,
    {
      schema: {
        tags,
        summary: 'The site settings staff may change (content.edit)',
        security,
        response: { 200: ZSiteSettingsResponse },
      },
      onRequest: guard.may('content.edit'),
    },
    async () => ok(await siteAdmin.settings()),
  );

  r.post(
    SiteAdminPaths.settings,
    {
      schema: {
        tags,
        summary: 'Change the site settings: social links, app links, company contact, header links (content.edit)',
        security,
        body: ZSiteSettings,
        response: { 200: ZSiteSettingsResponse },
      },
      onRequest: guard.may('content.edit'),
    },
    async (request) => ok(await siteAdmin.saveSettings(principalOf(request).subjectId, request.body), SiteSettingsMessages.saved),
  );

  r.get(
    SiteAdminPaths.currencies,
    {
      schema: {
        tags,
        summary: 'Every currency with its rate, those shoppers cannot pick too (content.edit)',
        security,
        response: { 200: ZAdminCurrencyListResponse },
      },
      onRequest: guard.may('content.edit'),
    },
    async () => ok(await siteAdmin.currencies()),
  );

  r.post(
    SiteAdminPaths.currencySave,
    {
      schema: {
        tags,
        summary: 'Change a currency (with its id) or add one: name, symbol, rate, position, on or off (content.edit)',
        security,
        body: ZCurrencySaveRequest,
        response: { 200: ZAdminCurrencyResponse },
      },
      onRequest: guard.may('content.edit'),
    },
    async (request) => ok(await siteAdmin.saveCurrency(principalOf(request).subjectId, request.body), CurrencyMessages.saved),
  );
}
