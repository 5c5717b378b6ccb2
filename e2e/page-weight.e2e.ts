import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Messages } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { root } from '../scripts/lib.mjs';
import { INITIAL_JS_BUDGET_KB, initialScripts, kilobytes, pageTypes, routeFilesOf } from '../scripts/page-weight.mjs';
import { baseURL, gotoHydrated, useBrowser } from './support';

/**
 * quality-bars.md: no page type loads more than 150 KB of gzip JavaScript before interaction (the
 * entry, its modulepreloads and the route's chunks, with what they import: scripts/page-weight.mjs),
 * measured on the built server the suite runs, for one address of every route in routes.ts. What a
 * page leaves out loads when it is wanted, and still works.
 */

const browser = useBrowser();

describe('the JavaScript every page type loads before interaction', () => {
  it('names a page for every route of the web app', async () => {
    const routes = routeFilesOf(readFileSync(join(root, 'apps/web/app/routes.ts'), 'utf8'));
    expect(routes.length).toBeGreaterThan(20);
    const measured = new Set((await pageTypes(baseURL())).flatMap((page) => page.routes));
    expect(routes.filter((route) => !measured.has(route))).toEqual([]);
  });

  it(`stays within ${INITIAL_JS_BUDGET_KB} KB of gzip on every page type`, async () => {
    const weights: Record<string, number> = {};
    for (const page of await pageTypes(baseURL())) {
      const { files, bytes } = await initialScripts(`${baseURL()}${page.path}`);
      expect(files.length, page.path).toBeGreaterThan(3);
      weights[`${page.name} ${page.path}`] = kilobytes(bytes);
    }
    const over = Object.entries(weights).filter(([, kb]) => kb > INITIAL_JS_BUDGET_KB);
    expect(over, JSON.stringify(weights, null, 2)).toEqual([]);
  });
});

/** The bodies of the scripts the page has loaded so far, by address. */
function recordScripts(page: Page): Map<string, string> {
  const scripts = new Map<string, string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), await response.text().catch(() => ''));
  });
  return scripts;
}

/** libphonenumber's metadata starts with its table of calling codes. */
const holdsPhoneMetadata = (scripts: Map<string, string>) =>
  [...scripts.values()].some((body) => body.includes('country_calling_codes'));

describe('what the sign-in page leaves out', () => {
  it('loads the phone metadata only once the Register tab is opened, by the keyboard too', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = recordScripts(page);
    await gotoHydrated(page, '/login');
    await page.waitForLoadState('networkidle');
    expect(holdsPhoneMetadata(scripts)).toBe(false);

    // the tabs keep their keyboard: the arrow key moves to Register and opens it
    await page.getByRole('tab', { name: 'Sign in' }).focus();
    await page.keyboard.press('ArrowRight');
    const register = page.getByRole('tab', { name: 'Register' });
    expect(await register.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Phone', { exact: true }).fill('2025550143');
    await form.getByText('Valid number').waitFor();
    expect(holdsPhoneMetadata(scripts)).toBe(true);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('register');

    // back to Sign in and again to Register: what was typed is still there
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await register.click();
    expect(await form.getByLabel('Phone', { exact: true }).inputValue()).toBe('2025550143');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks the sign-in fields with the contracts’ messages, the rules arriving on first use', async () => {
    const { page, context, problems } = await browser.newPage();
    const scripts = recordScripts(page);
    await gotoHydrated(page, '/login');
    await page.waitForLoadState('networkidle');
    const before = scripts.size;
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill('nobody');
    await signIn.getByLabel('Email').blur();
    await signIn.getByText(Messages.emailInvalid).waitFor();
    expect(scripts.size).toBeGreaterThan(before);
    expect(holdsPhoneMetadata(scripts)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
