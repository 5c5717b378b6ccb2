import type { TUserCouponPage } from '@shop/contracts/coupons';
import type { TFeedbackList } from '@shop/contracts/feedback';
import type { TNotificationPreference } from '@shop/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { waitForMail } from './mail';
import { apiAs, gotoHydrated, registerShopper, signInWithTokens, staffToken, useBrowser } from './support';

const browser = useBrowser();

describe('newsletter and feedback', () => {
  it('footer sign-up: checked on blur, the code read from the mail in the Verify your email dialog, subscribed, on to myPoints (1366 px)', async () => {
    const shopper = await registerShopper({ first_name: 'Reader' });
    await apiAs(shopper.token).post('/shop/user/notifications', {
      preferences: [{ category: 'newsletter', email: false, inbox: false }],
    });
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/help');

    const signup = page.getByRole('form', { name: 'Newsletter sign-up' }).first();
    const email = signup.getByRole('textbox', { name: 'Email' });
    // the footer (which stays) is scrolled to; its form takes over once its code has arrived, so the
    // input first found may be replaced meanwhile
    await page.locator('footer').last().scrollIntoViewIfNeeded();
    await expect
      .poll(() => email.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactProps'))))
      .toBe(true);
    await email.fill('reader@nowhere');
    await email.blur();
    await signup.getByText('Please enter a valid email address.').waitFor();
    await email.fill('');
    await signup.getByRole('button', { name: 'Submit' }).click();
    await signup.getByText('This field is required.').waitFor();

    await email.fill(shopper.email);
    await signup.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(shopper.email);
    // the code went out with the sign-up: the send-code button counts down
    expect(await dialog.getByRole('button', { name: /Resend in \d+ s/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('Please fill all fields.').waitFor();

    const mail = await waitForMail(shopper.email, /newsletter code/);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/ShoppingListMain/MyPoints');
    await page.getByRole('heading', { name: 'My Points', level: 1 }).waitFor();
    await page.getByText('You are subscribed to our newsletter.').first().waitFor();

    // confirmed: the account takes the newsletter by e-mail again
    const { preferences } = await apiAs(shopper.token).get<{ preferences: TNotificationPreference[] }>(
      '/shop/user/notifications',
    );
    expect(preferences.find((p) => p.category === 'newsletter')?.email).toBe(true);
    await waitForMail(shopper.email, /Welcome to the .* newsletter/);
    // and the newsletter's $10 coupon is the shopper's (granted once the event reaches the coupons)
    await expect
      .poll(
        async () =>
          (await apiAs(shopper.token).get<TUserCouponPage>('/shop/userCoupon/list?status=unused&page=1&limit=20')).data
            .filter((coupon) => coupon.source === 'newsletter')
            .map((coupon) => ({ type: coupon.type, amount: coupon.amount })),
        { timeout: 15_000, interval: 250 },
      )
      .toEqual([{ type: 'fixed', amount: 10 }]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('feedback popover at 390 px: blocked characters, the incomplete notice, then sent and thanked; back to top after 300 px; the floating signup', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, '/help');
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    expect(await backToTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await backToTop.waitFor();

    await page.getByRole('button', { name: 'Feedback' }).click();
    const popover = page.getByRole('dialog', { name: 'Feedback' });
    await popover.waitFor();
    const box = await popover.boundingBox();
    expect(box?.width).toBe(300);

    const text = popover.getByRole('textbox', { name: 'Your feedback' });
    await text.click();
    await page.keyboard.type('Soft 1');
    await popover.getByText('This character is prohibited').waitFor();
    expect(await text.inputValue()).toBe('Soft');
    await popover.getByRole('button', { name: 'Submit' }).click();
    await popover.getByText('Your feedback means a lot to us, thank you!').waitFor();

    for (const [legend, stars] of [
      ['Products', 5],
      ['Delivery', 4],
      ['Customer service', 4],
      ['Would you recommend us?', 5],
    ] as const) {
      // the star drawn for the radio button is what a finger taps
      await popover
        .getByRole('group', { name: legend })
        .locator('label')
        .nth(stars - 1)
        .click();
      expect(
        await popover
          .getByRole('group', { name: legend })
          .getByRole('radio', { name: `${stars} of 5` })
          .isChecked(),
      ).toBe(true);
    }
    await popover.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you for your feedback!').waitFor();
    await popover.waitFor({ state: 'detached' });

    // the floating signup widget repeats the offer; its messages disappear after 3 s
    await page.getByRole('button', { name: 'Get $10' }).click();
    const floating = page.getByRole('region', { name: '$10 off with our newsletter' });
    await floating.getByRole('button', { name: 'Submit' }).click();
    const required = floating.getByText('This field is required.');
    await required.waitFor();
    await required.waitFor({ state: 'detached', timeout: 5_000 });
    await page.keyboard.press('Escape');
    await floating.waitFor({ state: 'detached' });

    const list = await apiAs(await staffToken()).get<TFeedbackList>('/admin/feedback?page=1&page_size=5');
    expect(list.data[0]).toMatchObject({ feedback: 'Soft', product_rating: 5, trust_recommend_rating: 5, user_id: null });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
