// Issue 35 ("Internal names on screen"): the rendered pages of one computed project and of one planning,
// scanned for camelCase tokens (shapeParameter, poissonLambda…) and raw variable or condition codes (magw,
// LESS_EQUAL…) outside code blocks. Every label a person reads comes from the label registry.
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import type { ProjectListItem } from '@metocean/contracts';
import { computedProject, display, menu } from './analyze-helpers';
import { apiCall, apiToken, hidden, screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

/** camelCase words (a lower-case start, then an upper-case letter inside the word). */
const CAMEL = /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g;
/** Codes of the API a person should never read alone on a screen. */
const CODES = /\b(?:magw|thetaw|wlev|LESS_EQUAL|GREATER_EQUAL|LESS|GREATER|WEATHER_WINDOW\w*)\b/g;

/**
 * The text a person reads on the page: every visible text node, outside code blocks and hidden nodes, each
 * on its own (joined by spaces: "AWD guide" and "Contact us" are not one word "guideContact").
 */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('code, pre, kbd, script, style, noscript, [aria-hidden="true"]'))
        continue;
      if (!element.checkVisibility()) continue;
      parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  });
}

async function expectNoInternalNames(page: Page, where: string): Promise<void> {
  const text = await readableText(page);
  expect(text.length, `${where}: the page has text`).toBeGreaterThan(40);
  expect(text.match(CAMEL) ?? [], `${where}: camelCase tokens`).toEqual([]);
  expect(text.match(CODES) ?? [], `${where}: raw codes`).toEqual([]);
}

describe('no internal names on the pages of a computed project and of a planning', () => {
  let projectId = 0;
  const harness = useServerAndBrowser(async ({ server }) => {
    projectId = await computedProject(server, 'manager', 'On Demand', 'South China Sea', 'Names_scan', {
      name: 'Offshore site',
      lat: 15.51,
      lng: 109.94,
    });
  });

  it('reads labels, not field names, on the project, its statistics and its validation', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-internal-names-project'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}/query`);
    await visible(page.getByTestId('point-row'));
    await expectNoInternalNames(page, 'Query tab');

    await page.goto(`${server.url}/project/${projectId}/analyze`);
    await visible(menu(page));
    await expectNoInternalNames(page, 'Analyze tab');
    // the extreme values: the fit parameters were "shapeParameter", "poissonLambda"
    await menu(page)
      .getByTestId('group-points')
      .getByRole('button', { name: /Offshore site/ })
      .click();
    await display(page, /wave height/i, 'Extreme estimate');
    await visible(page.getByTestId('fit-parameters'));
    await screenshot(page, 'internal-names-fit-parameters');
    await expectNoInternalNames(page, 'Extreme values');
    await page.getByTestId('stats-modal').getByRole('button', { name: 'Close' }).click();
    await hidden(page.getByTestId('stats-modal'));

    await page.goto(`${server.url}/data-validation/${projectId}`);
    await visible(page.getByRole('tab', { name: 'Datasource summary' }));
    await expectNoInternalNames(page, 'Data validation');
  }, 240_000);

  it('reads labels, not codes, on a planning and its results', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-internal-names-planning'));
    // the demo's 'renewed' account: a project with a computed AWD planning
    const token = await apiToken(server.url, 'renewed');
    const projects = await apiCall<ProjectListItem[]>(server.url, token, 'GET', '/api/projects/');
    const cable = projects.find((p) => p.name === 'Cable_lay_2025');
    if (!cable) throw new Error('the demo planning project is missing');
    await signInFresh(page, server.url, 'renewed');
    await page.goto(`${server.url}/downtime/${cable.id}`);
    const row = page.getByRole('row').filter({ hasText: 'Cable lay campaign' });
    await row.getByText('Ready').waitFor({ state: 'visible', timeout: 120_000 });
    await expectNoInternalNames(page, 'AWD dashboard');
    await page.getByRole('link', { name: 'Cable lay campaign' }).click();
    await visible(page.getByRole('heading', { name: 'Results · Cable lay campaign' }));
    await visible(page.getByTestId('percentile-convention'));
    await screenshot(page, 'internal-names-awd-results');
    await expectNoInternalNames(page, 'AWD results');
  }, 240_000);
});
