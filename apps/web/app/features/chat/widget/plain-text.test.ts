import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('a message as the tooltip shows it', () => {
  it('keeps words and their punctuation: brackets, dashes, exclamation marks', () => {
    expect(plainText('The conversation was transferred to Ben (Support).')).toBe(
      'The conversation was transferred to Ben (Support).',
    );
    expect(plainText('Your T-shirt ships today - thanks! [sic]')).toBe('Your T-shirt ships today - thanks! [sic]');
    expect(plainText('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4');
  });

  it('takes away the marks of Markdown', () => {
    expect(plainText('**Good news**: see [our help](https://shop.example/help) ![box](/a.png)')).toBe(
      'Good news: see our help box',
    );
    expect(plainText('# Hello\n> quoted\n- one\n- two\n1. first')).toBe('Hello quoted one two first');
    expect(plainText('*soon* or _later_, `code` and ~~never~~')).toBe('soon or later, code and never');
    expect(plainText('Look:\n```mermaid\ngraph TD; A-->B\n```\nDone')).toBe('Look: Done');
  });
});
