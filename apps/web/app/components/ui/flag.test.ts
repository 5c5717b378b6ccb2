import { listCountries } from '@shop/contracts/phone';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Flag, flagUrl } from './flag';

describe('Flag', () => {
  it('has a bundled image for every country the picker offers', () => {
    const missing = listCountries().filter((country) => !flagUrl(country.iso2));
    expect(missing.map((country) => country.iso2)).toEqual([]);
  });

  it('points at the package’s SVG files, never at another site', () => {
    expect(flagUrl('US')).toMatch(/country-flag-icons\/3x2\/US\.svg/);
    expect(flagUrl('gb')).toMatch(/\/GB\.svg/);
    for (const country of listCountries()) expect(flagUrl(country.iso2)).not.toMatch(/^(https?:)?\/\//);
  });

  it('draws a decorative image, lazily loaded unless asked for at once', () => {
    const lazy = renderToStaticMarkup(createElement(Flag, { iso2: 'JP' }));
    expect(lazy).toMatch(/^<img /);
    expect(lazy).toContain('alt=""');
    expect(lazy).toContain('aria-hidden="true"');
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).toContain(`src="${flagUrl('JP')}"`);
    expect(renderToStaticMarkup(createElement(Flag, { iso2: 'JP', eager: true }))).toContain('loading="eager"');
  });

  it('shows the letters of a code it has no image for', () => {
    expect(flagUrl('ZZ')).toBeUndefined();
    const markup = renderToStaticMarkup(createElement(Flag, { iso2: 'zz' }));
    expect(markup).not.toContain('<img');
    expect(markup).toContain('>ZZ</span>');
  });
});
