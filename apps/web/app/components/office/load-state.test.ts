import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Load } from '../../lib/use-load';
import { Loaded } from './load-state';

const render = (load: Load<string>) =>
  renderToStaticMarkup(
    createElement(Loaded<string>, {
      load,
      retry: vi.fn(),
      loading: 'Loading the hours…',
      failed: 'The hours could not be loaded.',
      className: 'mt-3',
      // biome-ignore lint/correctness/noChildrenProp: Loaded's child is a render function, which createElement's children cannot be
      children: (value: string) => createElement('p', null, `Hours: ${value}`),
    }),
  );

describe('Loaded', () => {
  it('says it is loading, as a status', () => {
    expect(render({ status: 'loading' })).toBe('<p role="status" class="mt-3 text-gray-600">Loading the hours…</p>');
  });

  it('offers a retry when the request failed or found nothing', () => {
    for (const status of ['failed', 'missing'] as const) {
      const html = render({ status });
      expect(html).toContain('<div class="mt-3"><p role="alert" class="text-red-800">The hours could not be loaded.</p>');
      expect(html).toContain('Try again</button>');
    }
  });

  it('shows the value once it is there', () => {
    expect(render({ status: 'ready', value: '9 to 5' })).toBe('<p>Hours: 9 to 5</p>');
  });
});
