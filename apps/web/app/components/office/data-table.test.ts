import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type Columns, cellClass, DataTable, shownColumns, type TableState } from './data-table';

type Item = { id: number; name: string; price: string };

const items: Item[] = [
  { id: 1, name: 'Silk <slip> dress', price: '$39.99' },
  { id: 2, name: 'Linen shirt', price: '$25.00' },
];

const columns: Columns<Item> = [
  { header: 'Name', cell: (item) => item.name, primary: true },
  { header: 'Price', cell: (item) => item.price, align: 'right', className: 'whitespace-nowrap', card: true },
  false,
];

const state = (status: TableState['status']): TableState => ({
  status,
  loading: 'Loading items…',
  failed: 'The items could not be loaded.',
  empty: 'No items yet.',
  retry: vi.fn(),
});

const render = (props: Partial<Parameters<typeof DataTable<Item>>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(DataTable<Item>, { columns, rows: items, rowKey: (item) => item.id, caption: 'Items', ...props }),
  );

describe('shownColumns and cellClass', () => {
  it('leaves out the columns a role does not see', () => {
    expect(shownColumns(columns).map((column) => column.header)).toEqual(['Name', 'Price']);
  });

  it("adds a column's alignment and own classes to the table's padding", () => {
    const [name, price] = shownColumns(columns);
    expect(cellClass('px-3 py-2', price as NonNullable<typeof price>, 'text-gray-700')).toBe(
      'px-3 py-2 text-right text-gray-700',
    );
    expect(cellClass('px-3 py-2', name as NonNullable<typeof name>, undefined)).toBe('px-3 py-2');
  });
});

describe('DataTable', () => {
  it('names the headers as column headers and the primary cell as its row header', () => {
    const html = render();
    expect(html).toContain('<caption class="sr-only">Items</caption>');
    expect(html).toContain('<th scope="col" class="px-3 py-2 font-medium">Name</th>');
    expect(html).toContain('<th scope="col" class="px-3 py-2 text-right font-medium">Price</th>');
    expect(html).toContain('<th scope="row" class="px-3 py-2 font-normal">Silk &lt;slip&gt; dress</th>');
    expect(html).toContain('<td class="px-3 py-2 text-right whitespace-nowrap">$39.99</td>');
    expect(html.match(/<tr/g)).toHaveLength(3);
  });

  it('puts the rows in a named box that scrolls by keyboard when it has a label, a plain box otherwise', () => {
    expect(render({ label: 'Items found', className: 'mt-4' })).toMatch(
      /^<section aria-label="Items found" tabindex="0" class="[^"]*mt-4"/,
    );
    expect(render({ className: 'mt-4' })).toMatch(/^<div class="overflow-x-auto mt-4"><table class="w-full text-left text-sm">/);
  });

  it('gives each row its own classes and data names', () => {
    const html = render({ rowProps: (item) => ({ 'data-item': item.id }) });
    expect(html).toContain('<tr class="border-b border-gray-100 last:border-0" data-item="1">');
    expect(render({ rowProps: () => ({ className: 'align-top' }) })).toContain('<tr class="align-top">');
  });

  it('shows the request across the body while it loads, busy', () => {
    const html = render({ rows: [], state: state('loading') });
    expect(html).toContain(
      '<tbody aria-busy="true"><tr><td colSpan="2" class="px-3 py-8 text-center text-gray-600">Loading items…</td></tr></tbody>',
    );
  });

  it('offers a retry when the request failed, and its own words when there are no rows', () => {
    const failed = render({ rows: [], state: state('failed') });
    expect(failed).toContain('<span role="alert" class="block text-red-800">The items could not be loaded.</span>');
    expect(failed).toContain('Try again</button>');
    expect(render({ rows: [], state: state('ready') })).toContain('>No items yet.</td>');
    expect(render({ state: state('ready') })).toContain('<tbody aria-busy="false"><tr');
  });

  it('shows no cards unless asked', () => {
    expect(render()).not.toContain('sm:hidden');
  });

  it("with cards, hides the table below sm and shows each row's primary cell and card columns", () => {
    const html = render({ cards: true, label: 'Items found' });
    expect(html).toMatch(/<section aria-label="Items found" tabindex="0" class="[^"]*hidden sm:block"/);
    expect(html).toContain('<ul aria-label="Items found" class="flex flex-col gap-3 sm:hidden">');
    expect(html).toContain('<div class="font-medium text-gray-900">Linen shirt</div>');
    expect(html).toContain('<dt class="text-gray-600">Price</dt><dd class="min-w-0 text-gray-900">$25.00</dd>');
    expect(html.match(/<dt/g)).toHaveLength(2);
  });

  it("with cards, shows the request's state once in the card list too", () => {
    const html = render({ cards: true, rows: [], state: state('ready') });
    expect(html).toContain('sm:hidden">No items yet.</div>');
  });
});

describe('DataTable row headers', () => {
  it('keep the weight their column sets', () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Item>, {
        columns: [{ header: 'Name', cell: (item) => item.name, primary: true, className: 'font-medium text-gray-900' }],
        rows: items.slice(0, 1),
        rowKey: (item) => item.id,
        caption: 'Items',
      }),
    );
    expect(html).toContain('<th scope="row" class="px-3 py-2 font-medium text-gray-900">');
  });
});

describe('DataTable without a box', () => {
  it('is the table alone, with the classes given', () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Item>, {
        columns,
        rows: items,
        rowKey: (item) => item.id,
        caption: 'Items',
        bare: true,
        className: 'mt-2',
      }),
    );
    expect(html).toMatch(/^<table class="mt-2 w-full text-left text-sm"><caption/);
  });
});
