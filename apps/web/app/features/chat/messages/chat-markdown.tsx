import { Component, type ReactNode, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { isExternalHref } from '../../../components/markdown';
import { cx } from '../../../lib/cx';
import { CodeBlock } from './code-block';
import { codeLanguage } from './code-rules';
import { exceedsNesting } from './markdown-limits';
import { MermaidDiagram } from './mermaid-diagram';
import type { MessageTexts } from './texts';

/** The colours a message's text sits on: the sender's own (dark) bubble, or the other side's (light). */
export type BubbleTone = 'mine' | 'theirs';

type TreeNode = { type: string; value?: string; tagName?: string; properties?: Record<string, unknown>; children?: TreeNode[] };

const textOf = (node: TreeNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map((child) => textOf(child)).join('');

function components(tone: BubbleTone, texts: MessageTexts, foldingOn: boolean, origin: string | undefined): Components {
  const link = tone === 'mine' ? 'text-white decoration-white/70' : 'text-gray-950 decoration-gray-500';
  const inlineCode = tone === 'mine' ? 'bg-white/15 text-white' : 'bg-gray-200 text-gray-950';
  const rule = tone === 'mine' ? 'border-white/30' : 'border-gray-300';
  return {
    a: ({ node: _node, href, children, ...rest }) =>
      // an address the URL filter emptied (javascript:, data:) is no link at all: just its text
      !href ? (
        <span className="break-words">{children}</span>
      ) : isExternalHref(href, origin) ? (
        <a
          {...rest}
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className={cx('underline underline-offset-2 break-words', link)}
        >
          {children}
          <span className="sr-only">{texts.opensInNewTab}</span>
        </a>
      ) : (
        <a {...rest} href={href} rel="nofollow ugc" className={cx('underline underline-offset-2 break-words', link)}>
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
          referrerPolicy="no-referrer"
          className="my-1 inline-block h-auto max-h-60 max-w-full rounded"
        />
      ) : null,
    p: ({ node: _node, ...rest }) => <p className="my-1.5 break-words first:mt-0 last:mb-0" {...rest} />,
    h1: ({ node: _node, ...rest }) => <h1 className="my-2 text-lg font-semibold first:mt-0" {...rest} />,
    h2: ({ node: _node, ...rest }) => <h2 className="my-2 text-base font-semibold first:mt-0" {...rest} />,
    h3: ({ node: _node, ...rest }) => <h3 className="my-1.5 text-sm font-semibold first:mt-0" {...rest} />,
    h4: ({ node: _node, ...rest }) => <h4 className="my-1.5 text-sm font-semibold first:mt-0" {...rest} />,
    h5: ({ node: _node, ...rest }) => <h5 className="my-1 text-sm font-semibold first:mt-0" {...rest} />,
    h6: ({ node: _node, ...rest }) => <h6 className="my-1 text-sm font-semibold first:mt-0" {...rest} />,
    ul: ({ node: _node, ...rest }) => <ul className="my-1.5 list-disc space-y-0.5 pl-5 first:mt-0 last:mb-0" {...rest} />,
    ol: ({ node: _node, ...rest }) => <ol className="my-1.5 list-decimal space-y-0.5 pl-5 first:mt-0 last:mb-0" {...rest} />,
    li: ({ node: _node, ...rest }) => <li className="[&>input]:mr-1.5" {...rest} />,
    blockquote: ({ node: _node, ...rest }) => (
      <blockquote className={cx('my-1.5 border-l-4 pl-3 italic opacity-90', rule)} {...rest} />
    ),
    hr: ({ node: _node, ...rest }) => <hr className={cx('my-2', rule)} {...rest} />,
    table: ({ node: _node, ...rest }) => (
      // a wide table scrolls inside the bubble instead of widening it
      <div className="my-2 max-w-full overflow-x-auto first:mt-0 last:mb-0">
        <table className="border-collapse text-left text-xs" {...rest} />
      </div>
    ),
    th: ({ node: _node, ...rest }) => <th className={cx('border px-2 py-1 font-semibold', rule)} {...rest} />,
    td: ({ node: _node, ...rest }) => <td className={cx('border px-2 py-1 align-top', rule)} {...rest} />,
    pre: ({ node }) => {
      const code = (node as TreeNode | undefined)?.children?.find(
        (child) => child.type === 'element' && child.tagName === 'code',
      );
      const language = codeLanguage(code?.properties?.className);
      const source = code ? textOf(code).replace(/\n$/, '') : '';
      const block = <CodeBlock code={source} language={language} texts={texts} foldingOn={foldingOn} />;
      return language === 'mermaid' && source.trim() !== '' ? (
        <MermaidDiagram source={source} texts={texts} fallback={block} />
      ) : (
        block
      );
    },
    // only inline code comes here: fenced blocks are drawn whole by `pre`
    code: ({ node: _node, className, ...rest }) => (
      <code className={cx('rounded px-1 py-0.5 font-mono text-[0.9em] break-words', inlineCode, className)} {...rest} />
    ),
  };
}

export type ChatMarkdownProps = {
  source: string;
  tone: BubbleTone;
  texts: MessageTexts;
  foldingOn: boolean;
};

/** A message's text as it was typed: for text the Markdown renderer will not take. */
const PlainText = ({ source }: { source: string }) => <p className="text-sm break-words whitespace-pre-wrap">{source}</p>;

/** Whatever goes wrong while a message's Markdown is drawn, the message still shows, as plain text. */
class PlainTextOnError extends Component<{ source: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PlainText source={this.props.source} /> : this.props.children;
  }
}

/**
 * A text message as Markdown (GitHub flavour: tables, task lists, strikethrough, autolinks).
 * Raw HTML in it is shown as text and never rendered (there is no raw-HTML plugin); addresses
 * other than http(s), mailto and relative ones are dropped by react-markdown's URL filter; links
 * to other sites open in a new tab without access to this one. Text nested deeper than spec 9's
 * limit is shown as typed.
 */
export function ChatMarkdown({ source, tone, texts, foldingOn }: ChatMarkdownProps) {
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  const elements = useMemo(() => components(tone, texts, foldingOn, origin), [tone, texts, foldingOn, origin]);
  const tooDeep = useMemo(() => exceedsNesting(source), [source]);
  return (
    <div className="min-w-0 text-sm leading-relaxed break-words">
      {tooDeep ? (
        <PlainText source={source} />
      ) : (
        <PlainTextOnError source={source}>
          <ReactMarkdown remarkPlugins={[remarkGfm]} components={elements}>
            {source}
          </ReactMarkdown>
        </PlainTextOnError>
      )}
    </div>
  );
}
