import type { Db } from '../db/database';
import { DEFAULT_COUPON_TEMPLATES } from '../modules/coupons/defaults';
import { DEFAULT_CURRENCIES, SITE_SETTING_DEFAULTS } from '../modules/site/defaults';
import { DEFAULT_HELP_PAGES } from '../modules/site/help';

/**
 * The shop's reference content: the currencies of the picker, the help pages, the site config's
 * settings and the coupon templates (the welcome offers among them). Written at every start, after the migrations, each row only where it is missing: a
 * staff member's edit stays, and a page or currency added here reaches shops made before it.
 * (Migrations are frozen text and write no content, decision 0023.)
 */
export async function seedReferenceContent(db: Db, now = Date.now()): Promise<void> {
  await db
    .insertInto('currencies')
    .values(DEFAULT_CURRENCIES.map((currency, sort) => ({ ...currency, sort, enabled: 1 })))
    .onConflict((oc) => oc.column('currency_code').doNothing())
    .execute();
  await db
    .insertInto('help_pages')
    .values(DEFAULT_HELP_PAGES.map((page) => ({ ...page, updated_at: now })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await db
    .insertInto('settings')
    .values(Object.entries(SITE_SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await db
    .insertInto('coupon_templates')
    .values(DEFAULT_COUPON_TEMPLATES.map((template) => ({ ...template, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
