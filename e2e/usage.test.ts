// Usage analysis in the browser (spec 002 §2 "Usage analysis (staff)", §6): the demo superuser opens it from
// the account menu, goes through the three tabs, collapses a customer's points into the "{n} points" modal,
// opens a customer's detail and goes back; a customer's manager and a member are sent home.
import { describe, expect, it, onTestFailed } from 'vitest';
import {
  apiToken,
  createProject,
  hidden,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

describe('usage analysis in the browser', () => {
  const harness = useServerAndBrowser(async ({ server }) => {
    // Five points in a project of the demo customer: more than three collapse to a link.
    await createProject(server.url, await apiToken(server.url, 'manager'), {
      offer: 'On Demand',
      zone: 'South China Sea',
      name: 'Usage_e2e',
      points: [0, 1, 2, 3, 4].map((i) => ({ name: `U${i}`, lat: 15 + i / 10, lng: 110 })),
    });
  });

  it('lets the superuser go through customers, users and offers, and one customer', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-usage-admin'));
    await signInFresh(page, server.url, 'admin');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Usage analysis' }).click();
    await page.waitForURL('**/usage/customers');

    const customers = page.getByRole('table', { name: 'Customers' });
    const demo = customers.getByRole('row').filter({ hasText: 'Demo Offshore Ltd' });
    await visible(demo);
    const pointsLink = demo.getByRole('button', { name: /^\d+ points$/ });
    const label = (await pointsLink.textContent()) ?? '';
    expect(Number.parseInt(label, 10)).toBeGreaterThanOrEqual(5);
    await screenshot(page, '60-usage-customers');
    await pointsLink.click();
    const modal = page.getByRole('dialog', { name: /Points of Demo Offshore Ltd/ });
    await visible(modal);
    await visible(modal.getByRole('cell', { name: 'U4', exact: true }));
    // the modal lists every point of the count
    expect(await modal.getByRole('row').count()).toBe(Number.parseInt(label, 10) + 1);
    await screenshot(page, '61-usage-points-modal');
    await modal.getByRole('button', { name: 'Close' }).click();
    await hidden(modal);
    expect(page.url()).toMatch(/\/usage\/customers$/);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL('**/usage/users');
    await visible(
      page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: 'manager', exact: true }),
    );
    // the lists are paged and sorted by the server: the pager counts the rows, the order is in the address
    await visible(page.getByText(/^1–\d+ of \d+$/));
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('columnheader', { name: 'Projects' })
      .getByRole('button')
      .click();
    await page.waitForURL('**/usage/users?ordering=projects');
    // fewest projects first, ties by username: the two users with a project come last
    await visible(
      page
        .getByRole('table', { name: 'Users' })
        .getByRole('row')
        .last()
        .getByRole('cell', { name: 'renewed' }),
    );
    await screenshot(page, '62-usage-users');

    await page.getByRole('tab', { name: 'Offers' }).click();
    await page.waitForURL('**/usage/offers');
    // On Demand is the one offer two customers hold: last by that column, then first once reversed.
    const offers = page.getByRole('table', { name: 'Offers' });
    const sortByCustomers = offers.getByRole('columnheader', { name: 'Customers' }).getByRole('button');
    await sortByCustomers.click();
    await visible(offers.getByRole('row').last().getByRole('cell', { name: 'On Demand', exact: true }));
    await sortByCustomers.click();
    await visible(offers.getByRole('row').nth(1).getByRole('cell', { name: 'On Demand', exact: true }));
    await visible(
      page.getByRole('table', { name: 'Offers' }).getByRole('cell', { name: 'On Demand', exact: true }),
    );
    await screenshot(page, '63-usage-offers');

    await page.getByRole('tab', { name: 'Customers' }).click();
    await demo.getByRole('cell', { name: 'Demo Offshore Ltd' }).click();
    await page.waitForURL(/\/usage\/customers\/\d+$/);
    await visible(page.getByRole('heading', { name: 'Demo Offshore Ltd' }));
    await visible(
      page
        .getByRole('table', { name: 'Users of the customer' })
        .getByRole('cell', { name: 'member', exact: true }),
    );
    // nothing exported yet
    await visible(page.getByRole('region', { name: 'Statistics exports' }).getByText('No data available'));
    await screenshot(page, '64-usage-customer-detail');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/usage/customers');
  });

  it("sends a customer's manager and a member home", async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-usage-refused'));
    for (const username of ['manager', 'member']) {
      await signInFresh(page, server.url, username);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await visible(page.getByRole('menuitem', { name: 'My profile' }));
      expect(await page.getByRole('menuitem', { name: 'Usage analysis' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.goto(`${server.url}/usage/customers`);
      await page.waitForURL((url) => url.pathname === '/');
      await visible(page.locator('nav[aria-label="Main"]'));
      // issue 30: /admin says it is not theirs, and they stay signed in
      await page.goto(`${server.url}/admin`);
      await visible(page.getByTestId('empty-noAccess'));
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/admin');
      await visible(page.locator('nav[aria-label="Main"]'));
      if (username === 'manager') await screenshot(page, 'admin-no-access-manager');
    }
  });
});
