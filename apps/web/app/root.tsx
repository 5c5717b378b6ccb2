import './load-context';
import { SHOP_NAME } from '@shop/contracts';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { ChatWidgetMount } from './features/chat/widget/chat-mount';
import { CookieBanner } from './features/layout/cookie-banner';
import { NotFound } from './features/layout/not-found';
import { SiteFooter } from './features/layout/site-footer';
import { SiteHeader } from './features/layout/site-header';
import { NO_SITE_LINKS, siteLinksFrom } from './features/layout/site-links';
import type { CategoryNode } from './features/layout/types';
import { useIdle } from './lib/idle';
import { loadToaster, releaseToasts } from './lib/toast';

// The toast library stays out of the first load. Should its code fail to arrive, the page shows no
// toasts rather than an error, and nothing waits for them.
const LazyToaster = lazy<ComponentType>(() =>
  loadToaster().catch(() => {
    releaseToasts();
    return { default: () => null };
  }),
);

// Not part of a page's first load (storefront-extras.tsx): the footer's newsletter form and app links
// are drawn by the server and taken over when the code arrives; the floating widgets come once the
// page is idle. A part whose code fails to arrive is simply not there.
type Extras = typeof import('./storefront-extras');
const extra = <P extends object>(pick: (extras: Extras) => ComponentType<P>) =>
  lazy<ComponentType<P>>(() =>
    import('./storefront-extras').then(
      (extras) => ({ default: pick(extras) }),
      () => ({ default: () => null }),
    ),
  );
const FooterSignup = extra((extras) => extras.FooterNewsletter);
const FooterApps = extra((extras) => extras.FooterAppLinks);
const FloatingWidgets = extra((extras) => extras.FloatingWidgets);

/** The Toaster, mounted in the browser right after hydration (see lib/toast). */
function Toasts() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ context }: Route.LoaderArgs) {
  const [envelope, setting] = await Promise.all([
    context.api<CategoryNode[]>('/shop/goods/classify'),
    // spec 8: a failing site configuration is swallowed (the footer then shows no social or app links)
    context.api<Parameters<typeof siteLinksFrom>[0]>('/shop/common/setting').catch(() => null),
  ]);
  return {
    nonce: context.nonce,
    categories: envelope.code === 200 ? envelope.result : [],
    siteLinks: setting?.code === 200 ? siteLinksFrom(setting.result) : NO_SITE_LINKS,
    year: new Date().getFullYear(),
  };
}

/** The back office and the agent console, where staff may change what the root loads (categories, links). */
const STAFF_AREA = /^\/(office|agent)(\/|$)/;

/**
 * The root's data (the category menu, the footer's links) does not depend on the address, so a
 * navigation does not load it again: a search or a filter in a list stays one client-side step
 * with no request to interrupt. It is loaded again after a form posts, and when staff leave the
 * back office for the shop, where what they changed should show.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  return STAFF_AREA.test(currentUrl.pathname) && !STAFF_AREA.test(nextUrl.pathname);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111827" />
        {/* The one file the first paint waits for. With a precedence, React writes it in the head
            before the scripts' preloads (and right after the largest picture's); without one it came
            after all of them, behind up to 17 module preloads on the product page. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" nonce={nonce} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased">
        {children}
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const idle = useIdle();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader categories={data?.categories ?? []} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter
        year={data?.year ?? new Date().getFullYear()}
        links={data?.siteLinks ?? NO_SITE_LINKS}
        signup={
          // The server may stream the sign-up after the rest of the page: its place is kept meanwhile
          // (its height at each width), so the footer below it does not move on short pages.
          <Suspense
            fallback={
              <div aria-hidden="true" className="min-h-[321px] border-b border-gray-200 md:min-h-[225px] lg:min-h-[205px]" />
            }
          >
            <FooterSignup />
          </Suspense>
        }
        apps={
          <Suspense fallback={null}>
            <FooterApps apps={(data?.siteLinks ?? NO_SITE_LINKS).apps} />
          </Suspense>
        }
      />
      <CookieBanner />
      {idle ? (
        <Suspense fallback={null}>
          <FloatingWidgets apps={(data?.siteLinks ?? NO_SITE_LINKS).apps} />
        </Suspense>
      ) : null}
      <ChatWidgetMount />
    </div>
  );
}

/** Marks the document once React has taken over, for styles and tests that must not act earlier. */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  useHydratedMark();
  // staff pages (the agents' console, `handle.staffPage`) have no storefront frame and no shoppers' chat
  const staffPage = useMatches().some((match) => (match.handle as { staffPage?: boolean } | undefined)?.staffPage);
  if (staffPage) return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  useHydratedMark();
  // React places these in the head: the routes' own meta is not rendered when the root's boundary is.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>{`Page not found | ${SHOP_NAME}`}</title>
        <meta name="robots" content="noindex" />
        <NotFound />
      </Shell>
    );
  }
  return (
    <Shell>
      <title>{`Something went wrong | ${SHOP_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="mt-3 text-gray-600">Please reload the page. If it happens again, try again in a few minutes.</p>
      </section>
    </Shell>
  );
}
