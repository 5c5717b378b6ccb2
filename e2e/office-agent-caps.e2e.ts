import type { TStaffOverview } from '@shop/contracts/staff';
import { describe, expect, it } from 'vitest';
import { apiAs, axeViolations, gotoHydrated, signInToOffice, staffToken, useBrowser } from './support';

const browser = useBrowser();

describe('each agent’s cap on open conversations', () => {
  it('an administrator sets an agent’s cap on the staff page, at 1366 px and at 390 px, and puts it back to the default', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await page.getByRole('columnheader', { name: 'Conversations at once' }).waitFor();
    const row = page.locator('tr[data-staff="agent@example.com"]');
    const cap = row.getByLabel(/^Open conversations at once for /);
    await cap.selectOption('3');
    await row.getByRole('status').filter({ hasText: 'Conversation limit saved' }).waitFor();
    await expect.poll(() => cap.inputValue()).toBe('3');
    expect(await axeViolations(page)).toEqual([]);

    const admin = await staffToken();
    const listed = await apiAs(admin).get<TStaffOverview>('/admin/staff/list');
    expect(listed.members.find((m) => m.email === 'agent@example.com')?.chat_cap).toBe(3);
    const audit = await apiAs(admin).get<{ data: Array<{ action: string }> }>('/admin/audit?action=staff.chat_cap');
    expect(audit.data.length).toBeGreaterThan(0);

    // on a phone the page, opened there, fits the screen; the table scrolls in its own box
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/office/staff');
    await page.getByRole('columnheader', { name: 'Conversations at once' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await cap.selectOption('default');
    await row.getByRole('status').filter({ hasText: 'Conversation limit saved' }).waitFor();
    await expect.poll(() => cap.inputValue()).toBe('default');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
