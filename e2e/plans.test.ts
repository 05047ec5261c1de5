// 'My plans' (spec 000 §2.10): the number of active plans and one table row per offer of the account, for
// a customer with three active offers and for one whose only offer has expired.
import { describe, expect, it, onTestFailed } from 'vitest';
import { demoPassword, hidden, screenshot, signIn, useServerAndBrowser, visible } from './harness';

const frenchDate = /^\d{2}\/\d{2}\/\d{4}$/;

describe('my plans in the browser', () => {
  const harness = useServerAndBrowser();

  it('lists the three active offers of the demo customer', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-plans-manager'));
    await signIn(page, server.url, 'manager', demoPassword);
    const releaseNotes = page.getByRole('dialog', { name: /What's new/ });
    await visible(releaseNotes);
    await releaseNotes.getByRole('button', { name: 'Ok' }).click();
    await hidden(releaseNotes);

    await page.goto(`${server.url}/plans`);
    await visible(page.getByRole('heading', { name: 'My plans' }));
    const rows = page.getByTestId('offer-row');
    await visible(rows);
    expect(await rows.count()).toBe(3);
    expect(await page.getByTestId('active-plans').textContent()).toContain('3 of 3');

    const unlimited = rows.filter({ hasText: 'Full Study Unlimited' });
    const cells = await unlimited.getByRole('cell').allTextContents();
    // Status, start, end, credits, projects, points, zones, features.
    expect(cells[0]).toBe('Active');
    expect(cells[1]).toMatch(frenchDate);
    expect(cells[2]).toMatch(frenchDate);
    expect(cells[4]).toBe('unlimited');
    expect(cells[5]).toBe('unlimited');
    expect(cells[6]).toContain('Bay of Biscay (demo)');
    expect(cells[7]).toContain('Maps');
    await screenshot(page, '30-plans-manager');
  });

  it('shows the expired offer of an expired account', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-plans-expired'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await signIn(page, server.url, 'expired', demoPassword);
    await page.waitForURL('**/plans');
    const rows = page.getByTestId('offer-row');
    await visible(rows);
    expect(await rows.count()).toBe(1);
    expect(await page.getByTestId('active-plans').textContent()).toContain('0 of 1');
    const cells = await rows.getByRole('cell').allTextContents();
    expect(cells[0]).toBe('Expired');
    // Issue 35: the summary's total and the table's credits are one figure ("0 of 3 credits" stood above
    // a row granting 40): the total is what the offers granted.
    const summary = (await page.getByTestId('credits-used').textContent()) ?? '';
    const total = /of ([\d,]+) credits/.exec(summary)?.[1]?.replace(/,/g, '');
    expect(total).toBe(cells[3]?.replace(/,/g, ''));
    expect(await page.getByRole('columnheader', { name: 'Credits granted' }).count()).toBe(1);
    await screenshot(page, '31-plans-expired');
  });
});
