import { CODE_OK, type ShopLoadContext } from '@shop/contracts';
import type { TCategory } from '@shop/contracts/catalog';
import { SITE_HOME_CATEGORY_URL, type THomeConfig, ZHomeConfig } from '@shop/contracts/site';
import { data } from 'react-router';
import { requestOrigin } from '../../lib/seo';
import { type HomeEmpty, type HomePageData, homePageData } from './home-data';

/** The page cannot be built right now: the error page with its retry link, answered 503. */
const unavailable = () => data(null, { status: 503 });
const notFound = () => data(null, { status: 404 });

/**
 * GET /home/data/{url}.json: the configuration itself (not enveloped); 'missing' when the shop has
 * no such top category. Anything else that is not a valid configuration makes the page unavailable.
 */
async function fetchHomeConfig(context: ShopLoadContext, url: string): Promise<THomeConfig | 'missing'> {
  let body: unknown;
  try {
    body = await context.api<unknown>(`/home/data/${encodeURIComponent(url)}.json`);
  } catch {
    throw unavailable();
  }
  const parsed = ZHomeConfig.safeParse(body);
  if (parsed.success) return parsed.data;
  if (typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 404) return 'missing';
  throw unavailable();
}

/** The shop's social profiles (GET /shop/common/setting); none when the settings cannot be read (spec 8). */
async function socialProfiles(context: ShopLoadContext): Promise<string[]> {
  try {
    const envelope = await context.api<{ socialcontact?: Record<string, string> }>('/shop/common/setting');
    if (envelope.code !== CODE_OK) return [];
    return Object.values(envelope.result?.socialcontact ?? {}).filter((href) => /^https?:\/\//.test(href));
  } catch {
    return [];
  }
}

/** The first top category of the tree, for a shop whose catalogue has no `clothings`. */
async function firstTopCategory(context: ShopLoadContext): Promise<string | null> {
  const envelope = await context.api<TCategory[]>('/shop/goods/classify').catch(() => null);
  if (envelope?.code !== CODE_OK || !Array.isArray(envelope.result)) throw unavailable();
  return envelope.result[0]?.url ?? null;
}

/**
 * `/`: the site home shows the `clothings` configuration (spec 7 "Static"). A shop without that
 * category shows its first top category's, and a shop without any says it opens soon.
 */
export async function loadSiteHome(context: ShopLoadContext, request: Request): Promise<HomePageData | HomeEmpty> {
  let url: string | null = SITE_HOME_CATEGORY_URL;
  let config = await fetchHomeConfig(context, url);
  if (config === 'missing') {
    url = await firstTopCategory(context);
    config = url ? await fetchHomeConfig(context, url) : 'missing';
  }
  if (config === 'missing' || !url) return { kind: 'empty' };
  return homePageData(config, {
    origin: requestOrigin(request),
    path: '/',
    url,
    siteHome: true,
    sameAs: await socialProfiles(context),
  });
}

/** `/home/{url}.html`: a top category's home; a category the shop does not have is not found. */
export async function loadCategoryHome(context: ShopLoadContext, request: Request, url: string | null): Promise<HomePageData> {
  if (!url) throw notFound();
  const config = await fetchHomeConfig(context, url);
  if (config === 'missing') throw notFound();
  return homePageData(config, {
    origin: requestOrigin(request),
    path: `/home/${encodeURIComponent(url)}.html`,
    url,
    siteHome: false,
  });
}
