import type { TAddress, TAddressList } from '@shop/contracts/address';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, gotoHydrated, registerShopper, signInWithTokens, useBrowser, waitForFocus } from './support';

const browser = useBrowser();

const ADDRESS_PAGE = '/ShoppingListMain/address';

async function addressesOf(token: string): Promise<TAddress[]> {
  return (await apiAs(token).get<TAddressList>('/shop/userAddress')).data;
}

/** The card (or in the empty book, nothing) that shows this text. */
const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

describe('the address book', () => {
  it('adds an address after a postcode error, edits it, adds a second, makes it the default and deletes the first', async () => {
    const shopper = await registerShopper({ first_name: 'Ada', last_name: 'Lovelace' });
    const { page, context, problems } = await browser.newPage();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, ADDRESS_PAGE);
    await page.getByRole('heading', { name: 'Address book' }).waitFor();
    await page.getByText('You have no saved addresses yet').waitFor();

    // the first address: a place suggestion fills the city and state, the postcode is refused first
    await page.getByRole('button', { name: 'Add a new address' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a new address' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Country/Region').inputValue()).toBe('US');
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel('Phone', { exact: true }).fill('2025550143');
    await dialog.getByText('Your first address becomes your default address.').waitFor();
    const line1 = dialog.getByRole('combobox', { name: 'Address line 1' });
    await line1.fill('1 Market St, San Fr');
    await dialog.getByRole('option', { name: /San Francisco/ }).waitFor();
    await line1.press('ArrowDown');
    await line1.press('Enter');
    expect(await line1.inputValue()).toBe('1 Market St');
    expect(await dialog.getByLabel('City').inputValue()).toBe('San Francisco');
    expect(await dialog.getByLabel('State', { exact: true }).inputValue()).toBe('California');
    const zip = dialog.getByLabel('ZIP code');
    await zip.fill('941');
    await zip.blur();
    await dialog.getByText('Please enter a valid ZIP code, e.g. 94105 or 94105-1234').waitFor();
    await zip.fill('94105');
    await zip.blur();
    await dialog.getByText('Please enter a valid ZIP code, e.g. 94105 or 94105-1234').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Address added').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const first = card(page, '1 Market St');
    await first.getByText('San Francisco, California 94105').waitFor();
    await first.getByText('Default', { exact: true }).waitFor();

    // edit it
    await first.getByRole('button', { name: /^Edit/ }).click();
    dialog = page.getByRole('dialog', { name: 'Edit address' });
    await dialog.getByLabel('Address line 2 (optional)').fill('Suite 300');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Address saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await first.getByText('Suite 300').waitFor();

    // a second one, in another country
    await page.getByRole('button', { name: 'Add a new address' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a new address' });
    // a new address starts with the shopper's own number; without one, the phone's country follows the address's
    await dialog.getByLabel('Phone', { exact: true }).fill('');
    await dialog.getByLabel('Country/Region').selectOption('GB');
    await dialog.getByLabel('First name').fill('Charles');
    await dialog.getByLabel('Last name').fill('Babbage');
    await dialog.getByLabel('Postcode').waitFor();
    await dialog.getByRole('combobox', { name: 'Address line 1' }).fill('10 Downing St');
    await dialog.getByLabel('City').fill('London');
    await dialog.getByLabel('Postcode').fill('sw1a 2aa');
    // with no number typed yet, the phone's country followed the address's
    await expect.poll(() => dialog.getByRole('button', { name: /^Country code \+44/ }).count()).toBe(1);
    await dialog.getByLabel('Phone', { exact: true }).fill('7400 123456');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'detached' });
    const second = card(page, '10 Downing St');
    await second.getByText('London, SW1A 2AA').waitFor();
    expect(await second.getByText('Default', { exact: true }).count()).toBe(0);
    await page.getByText('2 saved addresses').waitFor();

    // make the second the default: the badge moves and it is listed first
    await second.getByRole('button', { name: /^Set as default/ }).click();
    await page.getByText('Default address updated').waitFor();
    await second.getByText('Default', { exact: true }).waitFor();
    expect(await first.getByText('Default', { exact: true }).count()).toBe(0);
    const book = page.getByRole('list', { name: '2 saved addresses' });
    expect(await book.getByRole('listitem').first().textContent()).toContain('10 Downing St');

    // delete the first after the confirmation
    await first.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address deleted').waitFor();
    await first.waitFor({ state: 'detached' });
    await page.getByText('1 saved address').waitFor();

    const saved = await addressesOf(shopper.token);
    expect(saved.map((address) => [address.address1, address.postcode, address.is_default])).toEqual([
      ['10 Downing St', 'SW1A 2AA', 1],
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone screen: the form fills it and shows each field’s message', async () => {
    const shopper = await registerShopper();
    const { page, context, problems } = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, ADDRESS_PAGE);
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new address' });
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    await dialog.getByLabel('First name').fill('');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel('Phone', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.getByText('Please enter first name').waitFor();
    await dialog.getByText('Please enter the street address').waitFor();
    await dialog.getByText('Please enter city').waitFor();
    await dialog.getByText('Please select a state').waitFor();
    await dialog.getByText('Please enter ZIP code').waitFor();
    await dialog.getByText('Please enter phone number').waitFor();
    // the first wrong field on screen has the focus
    await waitForFocus(page, '[name="first_name"]');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await addressesOf(shopper.token)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
