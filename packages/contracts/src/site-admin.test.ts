import { describe, expect, it } from 'vitest';
import {
  CurrencyMessages,
  HomeAdminMessages,
  SiteSettingsMessages,
  ZCurrencySaveRequest,
  ZExchangeRate,
  ZHomeLayout,
  ZSiteSettings,
} from './site-admin';

const tile = { image: '/media/home/a1.webp', title: 'Autumn', category_id: 3 };
const layout = { big_image: [tile], hot_recommend: [], three_image: [], featured_goods_ids: [] };
const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('the home page layout staff save', () => {
  it('takes one to five banners, pairs of hot recommendations, three images or none, distinct products', () => {
    expect(ZHomeLayout.safeParse(layout).success).toBe(true);
    expect(messageOf(ZHomeLayout.safeParse({ ...layout, big_image: [] }))).toBe(HomeAdminMessages.bannersMin);
    expect(messageOf(ZHomeLayout.safeParse({ ...layout, big_image: Array(6).fill(tile) }))).toBe(HomeAdminMessages.bannersMax);
    expect(messageOf(ZHomeLayout.safeParse({ ...layout, hot_recommend: [tile, tile, tile] }))).toBe(HomeAdminMessages.hotEven);
    expect(ZHomeLayout.safeParse({ ...layout, hot_recommend: [tile, tile] }).success).toBe(true);
    expect(messageOf(ZHomeLayout.safeParse({ ...layout, three_image: [tile] }))).toBe(HomeAdminMessages.three);
    expect(messageOf(ZHomeLayout.safeParse({ ...layout, featured_goods_ids: [4, 4] }))).toBe(HomeAdminMessages.featuredTwice);
  });

  it('names only the shop’s own pictures, never a way out of the media folder', () => {
    for (const image of ['https://elsewhere.example/a.png', '/media/../shop.db', '/media/', '/other/a.png', '/media/a b.png']) {
      expect(messageOf(ZHomeLayout.safeParse({ ...layout, big_image: [{ ...tile, image }] })), image).toBe(
        HomeAdminMessages.picture,
      );
    }
    expect(ZHomeLayout.safeParse({ ...layout, big_image: [{ ...tile, image: '/media/banners/women.svg' }] }).success).toBe(true);
  });
});

describe('site settings and currencies', () => {
  it('takes https links or nothing', () => {
    const settings = {
      socialcontact: { facebook: '', ins: '', tiktok: '', twitter: '', youtube: 'https://www.youtube.com/@shop' },
      app: { android_url: '', ios_url: '', qr_code: '/app-qr.svg' },
      company: { address: '', phone: '+1 (916) 555-0142', email: 'help@example.com' },
      record_number: '',
      head_nav: [{ title: 'Help', url: '/help' }],
    };
    expect(ZSiteSettings.safeParse(settings).success).toBe(true);
    const http = { ...settings, socialcontact: { ...settings.socialcontact, facebook: 'http://facebook.com/x' } };
    expect(messageOf(ZSiteSettings.safeParse(http))).toBe(SiteSettingsMessages.link);
    const script = { ...settings, app: { ...settings.app, android_url: 'javascript:alert(1)' } };
    expect(messageOf(ZSiteSettings.safeParse(script))).toBe(SiteSettingsMessages.link);
  });

  it('keeps a rate as written: positive decimal text, at most six decimals', () => {
    expect(ZExchangeRate.parse(' 0.9312 ')).toBe('0.9312');
    for (const rate of ['0', '0.000000', '-1', '1e3', '1.1234567', 'abc', '']) {
      expect(messageOf(ZExchangeRate.safeParse(rate)), rate).toBe(CurrencyMessages.rate);
    }
  });

  it('writes a currency code in capitals', () => {
    const currency = { currency_code: 'dkk', name: 'Danish Krone', unit: 'kr.', exchange_rate: '6.87', sort: 1, enabled: true };
    expect(ZCurrencySaveRequest.parse(currency)).toMatchObject({ currency_code: 'DKK', cn_name: '' });
    expect(messageOf(ZCurrencySaveRequest.safeParse({ ...currency, currency_code: 'DK1' }))).toBe(CurrencyMessages.code);
  });
});
