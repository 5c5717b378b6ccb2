import { Component, type ReactNode, useMemo } from 'react';
import type { Components } from 'react-markdown';
import { MarkdownBody, markdownImage, markdownLink, styled } from '../../../components/markdown';
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
    a: markdownLink(origin, {
      className: cx('underline underline-offset-2 break-words', link),
      newTabText: texts.opensInNewTab,
      rel: 'nofollow ugc',
      emptyAsText: true,
    }),
    img: markdownImage('my-1 inline-block h-auto max-h-60 max-w-full rounded', 'no-referrer'),
    p: styled('p', 'my-1.5 break-words first:mt-0 last:mb-0'),
    h1: styled('h1', 'my-2 text-lg font-semibold first:mt-0'),
    h2: styled('h2', 'my-2 text-base font-semibold first:mt-0'),
    h3: styled('h3', 'my-1.5 text-sm font-semibold first:mt-0'),
    h4: styled('h4', 'my-1.5 text-sm font-semibold first:mt-0'),
    h5: styled('h5', 'my-1 text-sm font-semibold first:mt-0'),
    h6: styled('h6', 'my-1 text-sm font-semibold first:mt-0'),
    ul: styled('ul', 'my-1.5 list-disc space-y-0.5 pl-5 first:mt-0 last:mb-0'),
    ol: styled('ol', 'my-1.5 list-decimal space-y-0.5 pl-5 first:mt-0 last:mb-0'),
    li: styled('li', '[&>input]:mr-1.5'),
    blockquote: styled('blockquote', cx('my-1.5 border-l-4 pl-3 italic opacity-90', rule)),
    hr: styled('hr', cx('my-2', rule)),
    table: ({ node: _node, ...rest }) => (
      // a wide table scrolls inside the bubble instead of widening it
      <div className="my-2 max-w-full overflow-x-auto first:mt-0 last:mb-0">
        <table className="border-collapse text-left text-xs" {...rest} />
      </div>
    ),
    th: styled('th', cx('border px-2 py-1 font-semibold', rule)),
    td: styled('td', cx('border px-2 py-1 align-top', rule)),
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
 * A text message as Markdown, through the site's one Markdown pipeline (components/markdown) in a
 * chat bubble's look: links marked `nofollow ugc` (visitors wrote them), images sent without a
 * referrer, fenced code as a code block and `mermaid` fences as diagrams loaded on demand. Text
 * nested deeper than spec 9's limit, or that fails to draw, is shown as typed.
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
          <MarkdownBody source={source} components={elements} />
        </PlainTextOnError>
      )}
    </div>
  );
}
