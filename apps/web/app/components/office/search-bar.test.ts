import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formValues, SearchBar } from './search-bar';

describe('formValues', () => {
  it("reads each control's trimmed text by name", () => {
    const form = new FormData();
    form.set('q', '  anna@example.com ');
    form.set('status', '2');
    expect(formValues(form)).toEqual({ q: 'anna@example.com', status: '2' });
  });

  it('leaves files out', () => {
    const form = new FormData();
    form.set('picture', new Blob(['x']), 'a.png');
    expect(formValues(form)).toEqual({});
  });
});

describe('SearchBar', () => {
  const render = (props: Partial<Parameters<typeof SearchBar>[0]>) =>
    renderToStaticMarkup(createElement(SearchBar, { label: 'Find a return', onSearch: () => undefined, ...props }));

  it('is a named form with a labelled search field and a submit button', () => {
    const html = render({ search: { label: 'Order number or e-mail', defaultValue: 'R-1', maxLength: 254 } });
    expect(html).toMatch(/^<form aria-label="Find a return" noValidate="" class="flex flex-wrap items-end gap-3/);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Order number or e-mail<\/label>.*<input id="\1"[^>]*type="search"/);
    expect(html).toContain('name="q"');
    expect(html).toContain('value="R-1"');
    expect(html).toContain('maxLength="254"');
    expect(html).toContain('<button type="submit"');
    expect(html).not.toContain('Clear');
  });

  it('offers to clear only when something is searched', () => {
    expect(render({ onClear: () => undefined, clearLabel: 'Show all' })).toContain('Show all</button>');
  });
});
