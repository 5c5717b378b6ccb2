import { createElement, type JSX, type ReactNode, useMemo } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cx, focusRing } from '../lib/cx';

/** An absolute address (https://…, //…) that leaves this site. */
export function isExternalHref(href: string | undefined, origin?: string): boolean {
  if (!href || !/^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(href)) return false;
  if (!origin) return true;
  try {
    return new URL(href, origin).origin !== new URL(origin).origin;
  } catch {
    return true;
  }
}

/**
 * An element drawn with its own classes (the ones the Markdown gives it, such as a task list's,
 * take their place).
 */
export function styled<Tag extends keyof JSX.IntrinsicElements>(tag: Tag, className: string) {
  return ({ node: _node, ...rest }: JSX.IntrinsicElements[Tag] & ExtraProps) => createElement(tag, { className, ...rest });
}

export type LinkRules = {
  className: string;
  /** what a screen reader hears after a link that opens a new tab */
  newTabText: string;
  /** more `rel` words for every link (`nofollow ugc` for what visitors wrote) */
  rel?: string;
  /** a link whose address the URL filter emptied (javascript:, data:) shows as its text, not as a link */
  emptyAsText?: boolean;
};

/** Links: one to another site opens in a new tab without access to this one. */
export function markdownLink(
  origin: string | undefined,
  { className, newTabText, rel, emptyAsText }: LinkRules,
): Components['a'] {
  return ({ node: _node, href, children, ...rest }) =>
    emptyAsText && !href ? (
      <span className="break-words">{children}</span>
    ) : isExternalHref(href, origin) ? (
      <a {...rest} href={href} target="_blank" rel={cx('noopener noreferrer', rel)} className={className}>
        {children}
        <span className="sr-only">{newTabText}</span>
      </a>
    ) : (
      <a {...rest} href={href} {...(rel ? { rel } : {})} className={className}>
        {children}
      </a>
    );
}

/** Images load lazily; an address the URL filter emptied (javascript:, data:) shows nothing rather than this page again. */
export function markdownImage(className: string, referrerPolicy?: 'no-referrer'): Components['img'] {
  return ({ node: _node, src, alt, title }) =>
    src ? (
      <img
        src={src}
        alt={alt ?? ''}
        title={title}
        loading="lazy"
        decoding="async"
        {...(referrerPolicy ? { referrerPolicy } : {})}
        className={className}
      />
    ) : null;
}

function pageComponents(origin: string | undefined): Components {
  return {
    a: markdownLink(origin, {
      className: cx('font-medium text-gray-950 underline underline-offset-2 hover:text-gray-700', focusRing),
      newTabText: ' (opens in a new tab)',
    }),
    img: markdownImage('my-3 h-auto max-w-full rounded-md'),
    h1: styled('h1', 'mt-8 mb-3 font-display text-3xl text-gray-950 first:mt-0'),
    h2: styled('h2', 'mt-8 mb-3 font-display text-2xl text-gray-950 first:mt-0'),
    h3: styled('h3', 'mt-6 mb-2 text-lg font-semibold text-gray-950 first:mt-0'),
    h4: styled('h4', 'mt-5 mb-2 text-base font-semibold text-gray-950 first:mt-0'),
    h5: styled('h5', 'mt-4 mb-1 text-sm font-semibold text-gray-950 first:mt-0'),
    h6: styled('h6', 'mt-4 mb-1 text-sm font-semibold tracking-wide text-gray-700 uppercase first:mt-0'),
    p: styled('p', 'my-3 leading-relaxed first:mt-0 last:mb-0'),
    ul: styled('ul', 'my-3 list-disc space-y-1 pl-6'),
    ol: styled('ol', 'my-3 list-decimal space-y-1 pl-6'),
    li: styled('li', 'leading-relaxed [&>input]:mr-2'),
    blockquote: styled('blockquote', 'my-4 border-l-4 border-gray-300 pl-4 text-gray-700 italic'),
    hr: styled('hr', 'my-6 border-gray-200'),
    table: ({ node: _node, ...rest }) => (
      // wide tables scroll on their own instead of widening the page
      <div className="my-4 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm" {...rest} />
      </div>
    ),
    thead: styled('thead', 'bg-gray-50'),
    th: styled('th', 'border border-gray-200 px-3 py-2 font-semibold text-gray-950'),
    td: styled('td', 'border border-gray-200 px-3 py-2 align-top'),
    pre: styled(
      'pre',
      'my-4 overflow-x-auto rounded-md bg-gray-950 p-4 text-sm leading-relaxed text-gray-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit',
    ),
    code: ({ node: _node, className, ...rest }) => (
      <code className={cx('rounded bg-gray-100 px-1 py-0.5 font-mono text-[0.9em] text-gray-950', className)} {...rest} />
    ),
  };
}

/**
 * The Markdown pipeline itself (GitHub flavour: tables, task lists, strikethrough, autolinks),
 * drawn with the given elements. Raw HTML in the source is shown as text, never rendered (there is
 * no raw-HTML plugin); addresses other than http(s), mailto and relative ones are dropped by
 * react-markdown's URL filter (no javascript:).
 */
export function MarkdownBody({ source, components }: { source: string; components: Components }): ReactNode {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
      {source}
    </ReactMarkdown>
  );
}

export type MarkdownProps = {
  /** the Markdown source (GitHub flavour: tables, task lists, strikethrough, autolinks) */
  children: string;
  /** this site's origin, so absolute links back to it open in the same tab */
  origin?: string;
  className?: string;
};

/**
 * Markdown shown safely on a page: raw HTML in the source is shown as text, never rendered;
 * addresses other than http(s), mailto and relative ones are dropped (no javascript:); links to
 * other sites open in a new tab without access to this one; images load lazily.
 */
export function Markdown({ children, origin, className }: MarkdownProps) {
  const elements = useMemo(() => pageComponents(origin), [origin]);
  return (
    <div className={cx('text-base text-gray-800', className)}>
      <MarkdownBody source={children} components={elements} />
    </div>
  );
}
