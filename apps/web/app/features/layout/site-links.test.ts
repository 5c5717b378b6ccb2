import { describe, expect, it } from 'vitest';
import { NO_SITE_LINKS, siteLinksFrom } from './site-links';

describe('siteLinksFrom', () => {
  it('keeps the networks and app entries with a web address (the QR image may be one of the shop’s files)', () => {
    expect(
      siteLinksFrom({
        socialcontact: { facebook: 'https://facebook.com/x', ins: '', tiktok: 'javascript:alert(1)', myspace: 'https://m' },
        app_info: {
          store_list: [
            { key: 'android_url', value: 'https://play.example/app' },
            { key: 'ios_url', value: '' },
            { key: 'qr_code', value: '/app-qr.svg' },
            { key: 'other', value: 'https://x' },
          ],
        },
      }),
    ).toEqual({
      social: { facebook: 'https://facebook.com/x' },
      apps: { android_url: 'https://play.example/app', qr_code: '/app-qr.svg' },
    });
  });

  it('refuses a protocol-relative QR address and answers nothing for no configuration', () => {
    expect(siteLinksFrom({ app_info: { store_list: [{ key: 'qr_code', value: '//evil.example/x.svg' }] } }).apps).toEqual({});
    expect(siteLinksFrom(null)).toEqual(NO_SITE_LINKS);
  });
});
