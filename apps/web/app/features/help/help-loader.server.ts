import { CODE_OK, HELP_CONTACT_KEYS, type ShopLoadContext } from '@shop/contracts';
import { HELP_PAGE_PATHS, helpPagePath, type THelpPage, type THelpPageSummary, ZHelpPageKey } from '@shop/contracts/site';
import { data, redirect } from 'react-router';
import { requestOrigin } from '../../lib/seo';
import { HELP_CENTRE_KEY, type HelpPageData, type HelpTopic, markdownSummary } from './help-data';
import { helpHtml } from './help-html.server';

const notFound = () => data(null, { status: 404 });
const unavailable = () => data(null, { status: 503 });

const serviceKeys: ReadonlySet<string> = new Set(HELP_CONTACT_KEYS);

const topicOf = (page: THelpPageSummary): HelpTopic => ({
  key: page.key,
  title: page.title,
  href: helpPagePath(page),
  group: page.key === HELP_CENTRE_KEY ? 'centre' : serviceKeys.has(page.key) ? 'service' : 'company',
});

/** The help key a route of its own shows (/help/AboutUs → about_us), matched as the router matches paths. */
export function helpKeyOfPath(pathname: string): string | null {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const found = Object.entries(HELP_PAGE_PATHS).find(([, path]) => path?.toLowerCase() === wanted);
  return found?.[0] ?? null;
}

/**
 * /help/helpContact?key=…: the key of a page shown there. A page with a route of its own is sent
 * there; a missing or malformed key is not found.
 */
export function helpContactKey(request: Request): string {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  if (!ZHelpPageKey.safeParse(key).success || key !== key.trim()) throw notFound();
  const own = HELP_PAGE_PATHS[key];
  if (own) throw redirect(own, 301);
  return key;
}

/** A help page and the list of every help page; an unknown key is not found. */
export async function loadHelpPage(context: ShopLoadContext, request: Request, key: string | null): Promise<HelpPageData> {
  if (!key) throw notFound();
  const [page, list] = await Promise.all([
    context.api<THelpPage>(`/api/help/page?key=${encodeURIComponent(key)}`).catch(() => null),
    context.api<{ data: THelpPageSummary[]; total: number }>('/api/help/pages').catch(() => null),
  ]);
  if (page?.code === 404 || page?.code === 400) throw notFound();
  if (page?.code !== CODE_OK || !page.result) throw unavailable();
  const found = page.result;
  const listed = list?.code === CODE_OK && Array.isArray(list.result?.data) ? list.result.data : [];
  // the page on screen is always in its own navigation, even when the list could not be read
  const summaries = listed.some((entry) => entry.key === found.key) ? listed : [...listed, found];
  const origin = requestOrigin(request);
  return {
    origin,
    path: helpPagePath(found),
    key: found.key,
    title: found.title,
    html: helpHtml(found.body_markdown, origin),
    updatedAt: found.updated_at,
    summary: markdownSummary(found.body_markdown),
    topics: summaries.map(topicOf),
  };
}
