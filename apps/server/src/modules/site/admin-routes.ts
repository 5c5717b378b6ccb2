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
import { type GuardedRoutes, guarded } from '../../http/route-options';
import type { SiteAdmin } from './admin';

type Deps = { siteAdmin: SiteAdmin; guard: StaffGuard };

/** base64 is 4/3 of the bytes, and a data URL's prefix and the JSON around it need a little more. */
const UPLOAD_BODY_LIMIT = Math.ceil((HOME_PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * The back office's site editing (decision 0045): home pages under catalog.edit (the shop's
 * merchandising, the operator's work), site settings and currencies under content.edit.
 */
export function siteAdminRoutes(app: FastifyInstance, { siteAdmin, guard }: Deps) {
  homePageAdminRoutes(app, siteAdmin, guarded(['site'], guard.may('catalog.edit')));
  settingsAdminRoutes(app, siteAdmin, guarded(['site'], guard.may('content.edit')));
}

/** The top categories' home pages: the list, one page, saving, resetting to the catalogue's, pictures. */
function homePageAdminRoutes(app: FastifyInstance, siteAdmin: SiteAdmin, merchandise: GuardedRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    SiteAdminPaths.homeList,
    merchandise({
      summary: 'The top categories and whether staff set their home page (catalog.edit)',
      response: { 200: ZHomePageListResponse },
    }),
    async () => ok(await siteAdmin.homePages()),
  );

  r.get(
    SiteAdminPaths.home,
    merchandise({
      summary: "A top category's home page as the storefront shows it, with the categories it may link to (catalog.edit)",
      querystring: ZHomeQuery,
      response: { 200: ZAdminHomePageResponse },
    }),
    async (request) => ok(await siteAdmin.homePage(request.query.category_id)),
  );

  r.post(
    SiteAdminPaths.homeSave,
    merchandise({
      summary: "Set a top category's home page: banners, hot recommendations, three images, featured goods (catalog.edit)",
      body: ZHomeSaveRequest,
      response: { 200: ZAdminHomePageResponse },
    }),
    async (request) => ok(await siteAdmin.saveHomePage(principalOf(request).subjectId, request.body), HomeAdminMessages.saved),
  );

  r.post(
    SiteAdminPaths.homeReset,
    merchandise({
      summary: "Make a top category's home page from the catalogue again (catalog.edit)",
      body: ZHomeResetRequest,
      response: { 200: ZAdminHomePageResponse },
    }),
    async (request) =>
      ok(await siteAdmin.resetHomePage(principalOf(request).subjectId, request.body.category_id), HomeAdminMessages.reset),
  );

  r.post(
    SiteAdminPaths.homeUpload,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      ...merchandise({
        summary: 'Upload a home picture as base64: its type read from the bytes, at most 1600 px wide, re-encoded (catalog.edit)',
        body: ZHomeUploadRequest,
        response: { 200: ZHomeUploadResponse },
      }),
    },
    async (request) =>
      ok(await siteAdmin.uploadHomePicture(principalOf(request).subjectId, request.body.file), HomeAdminMessages.uploaded),
  );
}

/** The site settings and the currencies. */
function settingsAdminRoutes(app: FastifyInstance, siteAdmin: SiteAdmin, editContent: GuardedRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    SiteAdminPaths.settings,
    editContent({
      summary: 'The site settings staff may change (content.edit)',
      response: { 200: ZSiteSettingsResponse },
    }),
    async () => ok(await siteAdmin.settings()),
  );

  r.post(
    SiteAdminPaths.settings,
    editContent({
      summary: 'Change the site settings: social links, app links, company contact, header links (content.edit)',
      body: ZSiteSettings,
      response: { 200: ZSiteSettingsResponse },
    }),
    async (request) => ok(await siteAdmin.saveSettings(principalOf(request).subjectId, request.body), SiteSettingsMessages.saved),
  );

  r.get(
    SiteAdminPaths.currencies,
    editContent({
      summary: 'Every currency with its rate, those shoppers cannot pick too (content.edit)',
      response: { 200: ZAdminCurrencyListResponse },
    }),
    async () => ok(await siteAdmin.currencies()),
  );

  r.post(
    SiteAdminPaths.currencySave,
    editContent({
      summary: 'Change a currency (with its id) or add one: name, symbol, rate, position, on or off (content.edit)',
      body: ZCurrencySaveRequest,
      response: { 200: ZAdminCurrencyResponse },
    }),
    async (request) => ok(await siteAdmin.saveCurrency(principalOf(request).subjectId, request.body), CurrencyMessages.saved),
  );
}
