import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from '../../components/markdown';

/**
 * A help page's Markdown drawn as HTML on the server, with the same safe rendering as everywhere
 * (components/markdown.tsx: raw HTML shown as text, only safe addresses, outside links in a new
 * tab), so that the browser receives the finished text and no Markdown parser.
 */
export function helpHtml(markdown: string, origin: string): string {
  return renderToStaticMarkup(<Markdown origin={origin}>{markdown}</Markdown>);
}
