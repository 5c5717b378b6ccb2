import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../lib.mjs';
import { ACCOUNT_PAGES, NOT_FOUND_PAGE, STAFF_PAGES, shopPages } from './page-types.mjs';

const pages = [
  ...shopPages([{ url: 'women' }], { url: 'dresses', id: 7 }, { url: 'red-dress' }),
  ...ACCOUNT_PAGES,
  ...STAFF_PAGES,
  NOT_FOUND_PAGE,
];

describe('the page types', () => {
  it('name each page type once, each with route files the web app has', () => {
    const names = pages.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
    const missing = pages.flatMap((page) => page.routes).filter((route) => !existsSync(join(root, 'apps/web/app', route)));
    expect(missing).toEqual([]);
  });

  it('address the storefront by the catalogue it is given', () => {
    const paths = shopPages([{ url: 'women' }], { url: 'dresses', id: 7 }, { url: 'red-dress' }).map((page) => page.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/home/women.html',
        '/classify/dresses-7.html',
        '/template/classify?classify_id=7',
        '/product/red-dress.html',
      ]),
    );
  });
});
