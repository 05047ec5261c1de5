// A superuser impersonates a member from /admin, sees the red bar, stops and is back as themselves
// (issue 2, browser test 2).
import { describe, expect, it, onTestFailed } from 'vitest';
import { demoPassword, hidden, screenshot, signIn, useServerAndBrowser, visible } from './harness';

describe('impersonation in the browser', () => {
  const harness = useServerAndBrowser();

  it('lets admin act as member and come back', async () => {
    const { page, server } = harness;
    onTestFailed(async () => {
      await screenshot(page, 'failure-impersonation');
      console.log(server.output().split('\n').slice(-40).join('\n'));
    });
    await signIn(page, server.url, 'admin', demoPassword);
    const releaseNotes = page.getByRole('dialog', { name: /What's new/ });
    await visible(releaseNotes);
    await releaseNotes.getByRole('button', { name: 'Ok' }).click();
    await hidden(releaseNotes);

    // Only superusers see 'Usage analysis'.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await visible(page.getByRole('menuitem', { name: 'Usage analysis' }));
    // issue 30: Administration is in the menu by its name; the home page does not call them a manager
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await page.waitForURL('**/admin');
    await page.goto(`${server.url}/`);
    expect(await page.getByRole('heading', { level: 1 }).locator('xpath=..').textContent()).toContain(
      'Administrator',
    );

    await page.goto(`${server.url}/admin`);
    await visible(page.getByRole('heading', { name: 'Administration' }));
    // Without a search every customer's people are listed, each with username and customer.
    await visible(page.getByRole('cell', { name: 'Expired Shipping', exact: true }));
    await screenshot(page, '09-admin-all');
    await page.getByLabel('Search users').fill('member');
    // The picker shows each user's username and customer: pick the row of username 'member'.
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'member', exact: true }) });
    await visible(row);
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/member@/i);
    expect(await row.textContent()).toContain('Demo Offshore Ltd');
    await screenshot(page, '10-admin');
    await row.getByRole('button', { name: /^Impersonate member / }).click();

    await page.waitForURL('**/hijack');
    const bar = await visible(page.getByTestId('impersonation-bar'));
    expect(await bar.textContent()).toContain('(member)');
    expect(await bar.textContent()).toContain('admin');
    await screenshot(page, '11-impersonating');

    // Impersonation survives navigation and reloads.
    await page.getByRole('link', { name: /^Continue as/ }).click();
    await page.waitForURL(`${server.url}/`);
    await page.reload();
    await visible(page.getByTestId('impersonation-bar'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    // the menu is open (its code loads on the first opening) before its items are counted
    await visible(page.getByRole('menuitem', { name: 'My profile' }));
    expect(await page.getByRole('menuitem', { name: 'Usage analysis' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // The refresh cookie holds the impersonation: a new tab opens as the member too.
    const other = await harness.browser.context.newPage();
    try {
      await other.goto(`${server.url}/`);
      expect(await (await visible(other.getByTestId('impersonation-bar'))).textContent()).toContain(
        '(member)',
      );
    } finally {
      await other.close();
    }

    await bar.getByRole('button', { name: 'Stop impersonation' }).click();
    await page.waitForURL('**/admin');
    await visible(page.getByRole('heading', { name: 'Administration' }));
    await hidden(page.getByTestId('impersonation-bar'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await visible(page.getByRole('menuitem', { name: 'Usage analysis' }));
    await screenshot(page, '12-back-as-admin');
    // The cookie went back to a session of the admin's own: a reload stays the admin.
    await page.keyboard.press('Escape');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Administration' }));
    expect(await page.getByTestId('impersonation-bar').count()).toBe(0);
  });
});
