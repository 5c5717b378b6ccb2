import { useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cx } from '../lib/cx';

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

const linkClass =
  'font-medium text-gray-950 underline underline-offset-2 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

function components(origin: string | undefined): Components {
  return {
    a: ({ node: _node, href, children, ...rest }) =>
      isExternalHref(href, origin) ? (
        <a {...rest} href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {children}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <a {...rest} href={href} className={linkClass}>
          {children}
        </a>
      ),
    img: ({ node: _node, src, alt, title }) =>
      // an address the URL filter emptied (javascript:, data:) shows nothing rather than this page again
      src ? (
        <img
          src={src}
          alt={alt ?? ''}
          title={title}
          loading="lazy"
          decoding="async"
          className="my-3 h-auto max-w-full rounded-md"
        />
      ) : null,
    h1: ({ node: _node, ...rest }) => <h1 className="mt-8 mb-3 font-display text-3xl text-gray-950 first:mt-0" {...rest} />,
    h2: ({ node: _node, ...rest }) => <h2 className="mt-8 mb-3 font-display text-2xl text-gray-950 first:mt-0" {...rest} />,
    h3: ({ node: _node, ...rest }) => <h3 className="mt-6 mb-2 text-lg font-semibold text-gray-950 first:mt-0" {...rest} />,
    h4: ({ node: _node, ...rest }) => <h4 className="mt-5 mb-2 text-base font-semibold text-gray-950 first:mt-0" {...rest} />,
    h5: ({ node: _node, ...rest }) => <h5 className="mt-4 mb-1 text-sm font-semibold text-gray-950 first:mt-0" {...rest} />,
    h6: ({ node: _node, ...rest }) => (
      <h6 className="mt-4 mb-1 text-sm font-semibold tracking-wide text-gray-700 uppercase first:mt-0" {...rest} />
    ),
    p: ({ node: _node, ...rest }) => <p className="my-3 leading-relaxed first:mt-0 last:mb-0" {...rest} />,
    ul: ({ node: _node, ...rest }) => <ul className="my-3 list-disc space-y-1 pl-6" {...rest} />,
    ol: ({ node: _node, ...rest }) => <ol className="my-3 list-decimal space-y-1 pl-6" {...rest} />,
    li: ({ node: _node, ...rest }) => <li className="leading-relaxed [&>input]:mr-2" {...rest} />,
    blockquote: ({ node: _node, ...rest }) => (
      <blockquote className="my-4 border-l-4 border-gray-300 pl-4 text-gray-700 italic" {...rest} />
    ),
    hr: ({ node: _node, ...rest }) => <hr className="my-6 border-gray-200" {...rest} />,
    table: ({ node: _node, ...rest }) => (
      // wide tables scroll on their own instead of widening the page
      <div className="my-4 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm" {...rest} />
      </div>
    ),
    thead: ({ node: _node, ...rest }) => <thead className="bg-gray-50" {...rest} />,
    th: ({ node: _node, ...rest }) => <th className="border border-gray-200 px-3 py-2 font-semibold text-gray-950" {...rest} />,
    td: ({ node: _node, ...rest }) => <td className="border border-gray-200 px-3 py-2 align-top" {...rest} />,
    pre: ({ node: _node, ...rest }) => (
      <pre
        className="my-4 overflow-x-auto rounded-md bg-gray-950 p-4 text-sm leading-relaxed text-gray-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit"
        {...rest}
      />
    ),
    code: ({ node: _node, className, ...rest }) => (
      <code className={cx('rounded bg-gray-100 px-1 py-0.5 font-mono text-[0.9em] text-gray-950', className)} {...rest} />
    ),
  };
}

export type MarkdownProps = {
  /** the Markdown source (GitHub flavour: tables, task lists, strikethrough, autolinks) */
  children: string;
  /** this site's origin, so absolute links back to it open in the same tab */
  origin?: string;
  className?: string;
};

/**
 * Markdown shown safely: raw HTML in the source is shown as text, never rendered; addresses other
 * than http(s), mailto and relative ones are dropped (no javascript:); links to other sites open
 * in a new tab without access to this one; images load lazily.
 */
export function Markdown({ children, origin, className }: MarkdownProps) {
  const elements = useMemo(() => components(origin), [origin]);
  return (
    <div className={cx('text-base text-gray-800', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={elements}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
