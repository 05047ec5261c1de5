// The FAQ (spec 002 §2 'Help, FAQ, examples', /help/faq): a question reached by its anchor, what a point
// costs in the caller's offers, a detail popup, the contact dialog (a tracked click), the statistics help
// link and the back button.
import { describe, expect, it, onTestFailed } from 'vitest';
import { artifactsDir, hidden, screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

describe('the FAQ', () => {
  const harness = useServerAndBrowser();

  it('opens at a question, tells the price of a point, details it, and leads to contact and help', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-faq'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/help/faq#how-to-create-or-remove-a-location`);
    const question = page.getByRole('heading', { name: 'How do I create or remove a location?' });
    await visible(question);
    await expect.poll(async () => (await question.boundingBox())?.y ?? 9999).toBeLessThan(300);
    await page.screenshot({ path: `${artifactsDir}/faq-10-location.png` });

    // the manager's On Demand offer: the code's price, 1 credit per point, outside the demo zone
    const costs = page.getByRole('table', { name: 'What a point costs in your offers' });
    await visible(costs.getByRole('row', { name: /On Demand .*1 credit per point; free in Bay of Biscay/ }));
    const credits = page.locator('#how-many-credits-does-a-point-cost');
    await credits.getByRole('button', { name: 'More details' }).click();
    const detail = page.getByRole('dialog', { name: 'How credits are charged' });
    await visible(detail.getByText(/Cancelling a computation gives back/));
    await screenshot(page, 'faq-11-detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await hidden(detail);

    const contactClick = page.waitForRequest(
      (request) => request.url().endsWith('/api/events/') && (request.postData() ?? '').includes('contactUs'),
    );
    await page.getByRole('main').getByRole('button', { name: 'Contact us' }).first().click();
    const contact = page.getByRole('dialog', { name: 'Contact us' });
    await visible(contact);
    expect(JSON.parse((await contactClick).postData()!)).toMatchObject({
      category: 'click',
      action: 'contactUs',
      path: '/help/faq',
    });
    await contact.getByRole('button', { name: 'Cancel' }).click();
    await hidden(contact);

    await page.getByRole('main').getByRole('link', { name: 'Statistics help' }).first().click();
    await page.waitForURL(`${server.url}/help/statistics`);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/help\/faq/);
    await visible(page.getByRole('heading', { name: 'Frequently asked questions' }));
  });
});
