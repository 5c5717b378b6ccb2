import type { AppStoreKey, SocialNetwork } from '@shop/contracts/site';

/**
 * The footer's and the floating buttons' links from the site configuration (spec 3 "Site
 * config": `socialcontact`, `app_info.store_list`). Only web addresses are kept (a link must lead
 * somewhere); an empty or missing entry is not shown.
 */
export type SiteLinks = {
  social: Partial<Record<SocialNetwork, string>>;
  apps: Partial<Record<AppStoreKey, string>>;
};

export const NO_SITE_LINKS: SiteLinks = { social: {}, apps: {} };

type SiteConfigLinks = {
  socialcontact?: Partial<Record<string, string>>;
  app_info?: { store_list?: Array<{ key: string; value: string }> };
};

const SOCIAL: readonly SocialNetwork[] = ['facebook', 'ins', 'tiktok', 'twitter', 'youtube'];
const APPS: readonly AppStoreKey[] = ['android_url', 'ios_url', 'qr_code'];
const webAddress = (value: string | undefined) => (value && /^https?:\/\//.test(value) ? value : undefined);
/** The QR image may be the shop's own file (`/app-qr.svg`) or a web address. */
const imageAddress = (value: string | undefined) =>
  value && (/^https?:\/\//.test(value) || /^\/[^/\\]/.test(value)) ? value : undefined;

export function siteLinksFrom(config: SiteConfigLinks | null | undefined): SiteLinks {
  if (!config) return NO_SITE_LINKS;
  const social: SiteLinks['social'] = {};
  for (const network of SOCIAL) {
    const href = webAddress(config.socialcontact?.[network]);
    if (href) social[network] = href;
  }
  const apps: SiteLinks['apps'] = {};
  for (const entry of config.app_info?.store_list ?? []) {
    if (!(APPS as readonly string[]).includes(entry.key)) continue;
    const key = entry.key as AppStoreKey;
    const value = key === 'qr_code' ? imageAddress(entry.value) : webAddress(entry.value);
    if (value) apps[key] = value;
  }
  return { social, apps };
}
