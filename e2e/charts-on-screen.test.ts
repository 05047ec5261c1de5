// Issue 23's chart cosmetics in the browser: the joint-PD heat map fills the Analyze dialog with its
// source line whole, the analytical-PD legend shows every law's name, the vertical profile's subtitle
// clears the data, the Analyze map and a long menu beside it fit the window, and every card of the
// examples and statistics help pages shows its chart, drawn as it scrolls into view.
import { describe, expect, it, onTestFailed } from 'vitest';
import { closeModal, computedProject, display, menu, modal } from './analyze-helpers';
import { artifactsDir, screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

describe('charts on screen', () => {
  let era5Project = 0;
  let levelsProject = 0;

  const harness = useServerAndBrowser(async ({ server }) => {
    [era5Project, levelsProject] = await Promise.all([
      computedProject(server, 'manager', 'On Demand', 'South China Sea', 'Charts_ERA5', {
        name: 'ERA5 node',
        lat: 15.51,
        lng: 109.94,
      }),
      computedProject(server, 'manager', 'On Demand', 'Bay of Biscay', 'Charts_levels', {
        name: 'Biscay mooring',
        lat: 45.5,
        lng: -4,
      }),
    ]);
  });

  it('draws the joint-PD heat map and the analytical-PD laws across the dialog', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-charts-distributions'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${era5Project}/analyze`);
    await menu(page)
      .getByTestId('group-points')
      .getByRole('button', { name: /ERA5 node/ })
      .click();
    /** The chart spans the dialog's content (its width less the 24 px paddings). */
    async function expectChartAcrossDialog(): Promise<void> {
      await visible(modal(page).locator('canvas'));
      const dialog = (await modal(page).boundingBox())!;
      const chart = (await modal(page).getByTestId('echart').boundingBox())!;
      expect(chart.width).toBeGreaterThanOrEqual(dialog.width - 2 * 24 - 20);
    }
    await display(page, /wave height/i, 'Empirical joint probability distribution', /direction/i);
    await expectChartAcrossDialog();
    await page.waitForTimeout(1200);
    await screenshot(page, 'issue23-heat-map');
    await closeModal(page);
    await display(page, /wave height/i, 'Analytical probability distributions');
    await expectChartAcrossDialog();
    await page.waitForTimeout(1200);
    await screenshot(page, 'issue23-analytical');
    await closeModal(page);
  });

  it('draws the vertical profile under its subtitle', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-charts-profile'));
    await page.goto(`${server.url}/project/${levelsProject}/analyze`);
    await menu(page)
      .getByTestId('group-points')
      .getByRole('button', { name: /Biscay mooring/ })
      .click();
    await display(page, /current speed/i, 'Mean vertical profile');
    await visible(modal(page).locator('canvas'));
    await page.waitForTimeout(1200);
    await screenshot(page, 'issue23-profile');
    await closeModal(page);
    // the long menu of a point with many fields scrolls inside, no taller than the map, which stays in
    // the window, and its Display button stays in view
    await page.evaluate(() => window.scrollTo(0, 0));
    const map = (await page.getByTestId('analyze-map').boundingBox())!;
    const list = (await menu(page).boundingBox())!;
    const bottom = page.viewportSize()!.height;
    expect(map.y + map.height).toBeLessThanOrEqual(bottom);
    expect(list.y + list.height).toBeLessThanOrEqual(map.y + map.height + 1);
    const button = (await menu(page).getByRole('button', { name: 'Display Statistics' }).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(bottom);
    await page.screenshot({ path: `${artifactsDir}/issue23-analyze-map-long-menu.png` });
  });

  it('shows the chart of every example, drawn as it scrolls into view', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-charts-examples'));
    const drawn = page.getByTestId('thumbnail').filter({ has: page.locator('canvas') });
    for (const path of ['/help/statistics']) {
      await page.goto(`${server.url}${path}`);
      const cards = page.getByTestId('examples').locator('.MuiCard-root');
      await visible(drawn);
      const count = await cards.count();
      expect(count).toBe(11);
      // the cards below the window wait until they come near it
      await page.waitForTimeout(800);
      expect(await drawn.count()).toBeLessThan(count);
      await page.screenshot({ path: `${artifactsDir}/issue23${path.replace(/\//g, '-')}.png` });
      for (let i = 0; i < count; i++) await cards.nth(i).scrollIntoViewIfNeeded();
      await expect.poll(() => drawn.count(), { timeout: 10_000 }).toBe(count);
    }
    await page.waitForTimeout(800);
    await screenshot(page, 'issue23-help-statistics-all');
    // a thumbnail opens its chart in full
    await page
      .locator('#example-ENVC')
      .getByRole('button', { name: /Open the chart/ })
      .click();
    const detail = page.getByRole('dialog', { name: 'Environmental contours' });
    await visible(detail.getByTestId('example-chart').locator('canvas'));
  });
});
