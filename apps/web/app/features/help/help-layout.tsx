import type { MouseEvent, ReactNode } from 'react';
import { useId } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons';
import { PageUnavailable } from '../../components/ui/page-unavailable';
import { Skeleton } from '../../components/ui/skeleton';
import { cx, focusRing } from '../../lib/cx';
import { JsonLd } from '../../lib/seo';
import {
  formatUpdated,
  HELP_CENTRE_PATH,
  HELP_GROUPS,
  type HelpPageData,
  type HelpTopic,
  helpTrail,
  inAppPath,
} from './help-data';
import { helpStructuredData } from './help-seo';

/** A client-side navigation to another help page is loading. */
function useLoadingAnotherHelpPage(): boolean {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const next = navigation.location;
  if (navigation.state !== 'loading' || !next) return false;
  const isHelp =
    next.pathname.toLowerCase() === HELP_CENTRE_PATH || next.pathname.toLowerCase().startsWith(`${HELP_CENTRE_PATH}/`);
  return isHelp && `${next.pathname}${next.search}` !== `${pathname}${search}`;
}

/**
 * A help page: breadcrumb, the help topics beside the text (below it on small screens), the
 * page's title, last change and Markdown text, and whatever the page adds after it.
 */
export function HelpLayout({ page, children }: { page: HelpPageData; children?: ReactNode }) {
  const loadingAnother = useLoadingAnotherHelpPage();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-8 md:py-12">
      <JsonLd data={helpStructuredData(page)} />
      <Breadcrumb page={page} />
      <div className="mt-6 grid gap-10 md:mt-10 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-12 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <HelpTopicsNav topics={page.topics} currentKey={page.key} className="hidden md:block md:sticky md:top-6 md:self-start" />
        {loadingAnother ? <HelpArticleSkeleton /> : <HelpArticle page={page}>{children}</HelpArticle>}
        <HelpTopicsNav topics={page.topics} currentKey={page.key} className="border-t border-gray-200 pt-8 md:hidden" />
      </div>
    </div>
  );
}

function Breadcrumb({ page }: { page: HelpPageData }) {
  const trail = helpTrail(page);
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-gray-400">
                  /
                </span>
              ) : null}
              {last ? (
                <span aria-current="page" className="font-medium text-gray-900">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className={cx('underline-offset-4 hover:text-gray-950 hover:underline', focusRing)}>
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function HelpArticle({ page, children }: { page: HelpPageData; children?: ReactNode }) {
  const navigate = useNavigate();
  const updated = formatUpdated(page.updatedAt);
  // Links in the text are plain <a> elements: a link to another storefront page stays in the app.
  const followInAppLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    if (!anchor) return;
    const path = inAppPath(
      { href: anchor.href, target: anchor.target, hasDownload: anchor.hasAttribute('download') },
      { button: event.button, modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey },
      window.location.origin,
    );
    if (!path) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    <article aria-labelledby="help-title" className="min-w-0">
      <h1 id="help-title" className="font-display text-3xl text-gray-950 md:text-5xl">
        {page.title}
      </h1>
      {updated ? (
        <p className="mt-3 text-sm text-gray-600">
          Last updated <time dateTime={page.updatedAt}>{updated}</time>
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only catches clicks bubbling up from the links inside, which keep their own keyboard behaviour */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link inside fires the same click */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the Markdown on the server (help-html.server.tsx, components/markdown.tsx), which keeps no raw HTML */}
      <div onClick={followInAppLink} className="mt-8 max-w-3xl" dangerouslySetInnerHTML={{ __html: page.html }} />
      {children}
    </article>
  );
}

/** The help pages, grouped; the page on screen is marked as the current one. */
function HelpTopicsNav({ topics, currentKey, className }: { topics: HelpTopic[]; currentKey: string; className?: string }) {
  const titleId = useId();
  const centre = topics.find((topic) => topic.group === 'centre');
  return (
    <nav aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="text-xs font-semibold tracking-[0.2em] text-gray-950 uppercase">
        Help topics
      </h2>
      {centre ? (
        <ul className="mt-4">
          <li>
            <TopicLink topic={centre} current={centre.key === currentKey} />
          </li>
        </ul>
      ) : null}
      {HELP_GROUPS.map(({ group, title }) => {
        const entries = topics.filter((topic) => topic.group === group);
        if (entries.length === 0) return null;
        return (
          <div key={group} className="mt-6">
            <h3 className="px-3 text-xs font-semibold text-gray-600">{title}</h3>
            <ul className="mt-2 space-y-0.5">
              {entries.map((topic) => (
                <li key={topic.key}>
                  <TopicLink topic={topic} current={topic.key === currentKey} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function TopicLink({ topic, current }: { topic: HelpTopic; current: boolean }) {
  return (
    <Link
      to={topic.href}
      aria-current={current ? 'page' : undefined}
      className={cx(
        'flex min-h-10 items-center rounded-md border-l-2 border-transparent px-3 text-sm text-gray-700 hover:bg-gray-50 hover:text-gray-950',
        'aria-[current=page]:border-gray-900 aria-[current=page]:bg-gray-100 aria-[current=page]:font-semibold aria-[current=page]:text-gray-950',
        focusRing,
      )}
    >
      {topic.title}
    </Link>
  );
}

/** The help centre's list of every help page, by group. */
export function HelpTopicsGrid({ topics }: { topics: HelpTopic[] }) {
  return (
    <div className="mt-14 space-y-10">
      {HELP_GROUPS.map(({ group, title }) => {
        const entries = topics.filter((topic) => topic.group === group);
        if (entries.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`help-group-${group}`}>
            <h2 id={`help-group-${group}`} className="font-display text-2xl text-gray-950">
              {title}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {entries.map((topic) => (
                <li key={topic.key}>
                  <Link
                    to={topic.href}
                    className={cx(
                      'group flex min-h-14 items-center justify-between gap-3 rounded-lg border border-gray-200 px-4 py-3 font-medium text-gray-950 transition-colors hover:border-gray-900 motion-reduce:transition-none',
                      focusRing,
                    )}
                  >
                    {topic.title}
                    <ArrowRightIcon
                      strokeWidth={1.8}
                      className="shrink-0 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The text's placeholder while another help page loads. */
function HelpArticleSkeleton() {
  return (
    <div className="min-w-0">
      <span role="status" className="sr-only">
        Loading the page
      </span>
      <Skeleton className="h-10 w-2/3 md:h-14" />
      <Skeleton className="mt-4 h-4 w-40" />
      <div className="mt-10 max-w-3xl space-y-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="mt-8 h-7 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-10/12" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}

/** The help page could not be read: an error page with a way to try again. */
export function HelpUnavailable() {
  return <PageUnavailable title="This help page could not be loaded" />;
}
