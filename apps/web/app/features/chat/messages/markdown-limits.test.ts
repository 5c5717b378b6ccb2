import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '../test-fixtures';
import { exceedsNesting, MARKDOWN_NESTING_LIMIT } from './markdown-limits';
import { MessageView } from './message-view';

const render = (content: string) =>
  renderToStaticMarkup(createElement(MessageView, { message: chatMessage({ content }), mine: false, language: 'en-us' }));

describe('Markdown nesting limit (spec 9: 100 levels)', () => {
  it('measures blockquotes, lists, indentation and emphasis runs', () => {
    expect(MARKDOWN_NESTING_LIMIT).toBe(100);
    expect(exceedsNesting(`${'>'.repeat(100)} x`)).toBe(false);
    expect(exceedsNesting(`${'>'.repeat(101)} x`)).toBe(true);
    expect(exceedsNesting(`${'- '.repeat(101)}x`)).toBe(true);
    expect(exceedsNesting(`${'1. '.repeat(101)}x`)).toBe(true);
    expect(exceedsNesting(`${'> - '.repeat(51)}x`)).toBe(true);
    expect(exceedsNesting(`${' '.repeat(202)}- x`)).toBe(true);
    expect(exceedsNesting(`${'*_'.repeat(51)}x`)).toBe(true);
    expect(exceedsNesting(`${'['.repeat(101)}x`)).toBe(true);
    expect(exceedsNesting('- a\n  - b\n    - c\n\n> quote **bold** [link](/x)')).toBe(false);
  });

  it('does not count what is inside fenced code', () => {
    expect(exceedsNesting(`\`\`\`\n${'>'.repeat(500)}\n\`\`\`\nafter`)).toBe(false);
    expect(exceedsNesting(`~~~~\n\`\`\`\n${'- '.repeat(500)}\n~~~~\n${'>'.repeat(500)}`)).toBe(true);
  });

  it.each([
    ['blockquotes', `${'>'.repeat(9999)}x`],
    ['lists', `${'- '.repeat(4999)}x`],
    ['emphasis', `${'*'.repeat(4999)}x${'*'.repeat(4999)}`],
    ['indented lists', Array.from({ length: 400 }, (_, level) => `${' '.repeat(level * 2)}- x`).join('\n')],
  ])('shows %s nested past the limit as plain text instead of exhausting the stack', (_name, content) => {
    const html = render(content);
    expect(html).toContain('whitespace-pre-wrap');
    expect(html).not.toContain('<blockquote');
    expect(html).not.toContain('<li');
  });

  it('still renders Markdown nested up to the limit', () => {
    expect(render(`${'>'.repeat(100)} deep`).match(/<blockquote/g)).toHaveLength(100);
  });
});
