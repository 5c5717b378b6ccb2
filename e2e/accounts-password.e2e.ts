import { Messages } from '@shop/contracts';
import { EmailCodeMessages } from '@shop/contracts/email-codes';
import { describe, expect, it } from 'vitest';
import { waitForMail } from './mail';
import { callApi, gotoHydrated, registerShopper, signInWithTokens, type TokenPair, useBrowser } from './support';

const browser = useBrowser();

/** A sign-in through the API, answered with its whole envelope (a refusal too). */
const signIn = (username: string, password: string) =>
  callApi<TokenPair>('/shop/login/password', { body: { username, password } });

describe('forgot password', () => {
  it('sends a code and a link; the link sets a new password and signs the shopper in (390 px, by keyboard)', async () => {
    const shopper = await registerShopper();
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, '/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/forgotpassword$/);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    const form = page.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill(shopper.email);
    await form.getByRole('button', { name: 'Send code' }).click();
    await form.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    await page.getByText(EmailCodeMessages.resetSent).first().waitFor();

    const mail = await waitForMail(shopper.email, /password reset code$/);
    const code = /^(\d{6}) /.exec(mail.subject)?.[1] ?? '';
    expect(mail.html).toContain(code);
    const link = /https?:\/\/\S+\/forgotpassword\?\S+/.exec(mail.text)?.[0] ?? '';
    expect(new URL(link).searchParams.get('code')).toBe(code);

    // the e-mailed link opens the page with the address and the code filled in
    await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
    const linked = page.getByRole('form', { name: 'Reset your password' });
    // the form loads beside hydration (decision 0018): its values show once it has taken over
    await expect.poll(() => linked.getByLabel('Email').inputValue()).toBe(shopper.email);
    await expect.poll(() => linked.getByLabel('Verification code').inputValue()).toBe(code);
    await linked.getByLabel('New password').focus();
    await page.keyboard.type('Renewed2026');
    await page.keyboard.press('Tab'); // the show-password toggle
    await page.keyboard.press('Tab');
    await page.keyboard.type('Renewed2026');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ShoppingListMain\/MyAccount\?refresh=1$/);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect((await signIn(shopper.email, shopper.password)).code).toBe(400);
    expect((await signIn(shopper.email, 'Renewed2026')).code).toBe(200);

    // the link again: the code is spent, the page says so and offers a new one
    await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
    const again = page.getByRole('form', { name: 'Reset your password' });
    await expect.poll(() => again.getByLabel('Verification code').inputValue()).toBe(code);
    await again.getByLabel('New password').fill('Another2026');
    await again.getByLabel('Confirm password').fill('Another2026');
    await again.getByRole('button', { name: 'Reset password' }).click();
    await again.getByRole('alert').filter({ hasText: EmailCodeMessages.expired }).first().waitFor();
    expect(await again.getByRole('button', { name: 'Send code' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('change password', () => {
  it('keeps this browser signed in and sends another browser’s session to /login', async () => {
    const shopper = await registerShopper({ first_name: 'Change' });
    const other = await signIn(shopper.email, shopper.password);
    const mine = await browser.newPage();
    const theirs = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInWithTokens(mine.page, shopper);
    await signInWithTokens(theirs.page, other.result);
    await theirs.page.goto('/ShoppingListMain/AccountInfo');
    await theirs.page.getByRole('heading', { name: 'Your profile' }).waitFor();

    await mine.page.goto('/ShoppingListMain/AccountInfo');
    await mine.page.getByRole('link', { name: 'Change your password' }).click();
    await mine.page.waitForURL(/\/ShoppingListMain\/password$/);
    const form = mine.page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(shopper.password);
    await form.getByLabel('New password', { exact: true }).fill('Changed2026');
    await form.getByLabel('Confirm new password').fill('Changed2026');
    await form.getByRole('button', { name: 'Change password' }).click();
    await mine.page.getByText(/Your other devices have been signed out/).waitFor();

    // the other browser's next request is refused, and it is sent to sign in
    await theirs.page.reload();
    await theirs.page.waitForURL(/\/login/);
    // this one carries on
    await mine.page.goto('/ShoppingListMain/AccountInfo');
    await mine.page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(mine.page.url()).toMatch(/AccountInfo$/);
    await waitForMail(shopper.email, /password was changed$/);
    expect(mine.problems).toEqual([]);
    await mine.context.close();
    await theirs.context.close();
  });
});

describe('verify your email', () => {
  it('AccountInfo shows the address unverified, and the dialog verifies it with the mailed code (by keyboard)', async () => {
    const shopper = await registerShopper({ first_name: 'Verify' });
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInWithTokens(page, shopper);
    await page.goto('/ShoppingListMain/AccountInfo');
    await page.getByText('Not verified').waitFor();
    await page.getByRole('button', { name: 'Verify your email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(shopper.email);
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByText(Messages.fillAllFields).waitFor();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText(Messages.enterEmail).waitFor();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(shopper.email);
    // the account was mailed a code when it was opened; a new one replaces it after the countdown
    const mail = await waitForMail(shopper.email, /verification code$/);
    const code = /^(\d{6}) /.exec(mail.subject)?.[1] ?? '';
    await dialog.getByRole('textbox', { name: 'Code' }).focus();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.getByText(EmailCodeMessages.verified).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Verified', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
