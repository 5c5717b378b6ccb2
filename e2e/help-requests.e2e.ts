import { describe, expect, it } from 'vitest';
import { waitForMail } from './mail';
import { axeViolations, gotoHydrated, signInToOffice, uniqueEmail, useBrowser } from './support';

const browser = useBrowser();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('requests from the help pages', () => {
  it('a guest on a phone sends a wholesale request with the e-mailed code and a picture; staff answer it and the answer arrives by e-mail', async () => {
    const email = uniqueEmail('wholesale');
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const { page } = phone;
    await gotoHydrated(page, '/help/wholesale');
    const form = page.getByRole('region', { name: 'Buy wholesale' });
    await form.getByLabel('Your name').fill('Grace Buyer');
    await form.getByLabel('Company e-mail').fill(email);
    await form.getByLabel('Company', { exact: true }).fill('Buyer & Co');
    await form.getByLabel(/What you would like to order/).fill('Two hundred linen shirts a season for our three shops.');
    await form.getByLabel(/Pictures or PDFs/).setInputFiles({ name: 'shirts.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('list', { name: 'Attached files' }).getByText('shirts.png').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Send code' }).click();
    const codeMail = await waitForMail(email, /wholesale request code/);
    const code = /^(\d{6}) /.exec(codeMail.subject)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await form.getByLabel('Code from the e-mail').fill(code);
    await form.getByRole('button', { name: 'Send request' }).click();
    const sent = page.getByRole('heading', { name: /^Request #\d+ sent$/ });
    await sent.waitFor();
    const id = Number(/#(\d+)/.exec((await sent.textContent()) ?? '')?.[1]);
    await waitForMail(email, new RegExp(`We have received your request #${id}$`));
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    const office = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(office.page, 'operator@example.com', 'Operator1234');
    await office.page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Requests' }).click();
    await office.page.getByLabel('Kind').selectOption('wholesale');
    await office.page.getByRole('button', { name: 'Show' }).click();
    await office.page.getByRole('link', { name: new RegExp(`^#${id} Wholesale from Grace Buyer`) }).click();
    await office.page.getByRole('heading', { name: `Request #${id}: Wholesale` }).waitFor();
    await office.page.getByRole('button', { name: 'Download shirts.png' }).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);

    await office.page.getByLabel(/The answer, e-mailed to/).fill('Welcome aboard! Our wholesale price list is on its way.');
    await office.page.getByRole('button', { name: 'Send the answer' }).click();
    await office.page.getByRole('heading', { name: 'Answer sent' }).waitFor();
    const answer = await waitForMail(email, new RegExp(`Our answer to your request #${id}$`));
    expect(answer.text).toContain('Our wholesale price list is on its way.');

    await office.page.getByRole('button', { name: 'Close the request' }).click();
    await office.page.getByText(/This request is closed/).waitFor();
    expect(office.problems).toEqual([]);
    await office.context.close();
  });
});
