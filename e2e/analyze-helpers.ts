// What the browser specs of the Analyze tab share: projects computed over the API in a file's preparation,
// and the menu's way to a chart (point, field, type, variable, Display Statistics).
import type { Page } from 'playwright-core';
import type { Project } from '@metocean/contracts';
import { apiCall, apiToken, createProject, hidden, screenshot, visible, type RunningServer } from './harness';

/** Creates a project with one point in a zone of the offer and computes it; resolves when FINISHED. */
export async function computedProject(
  server: RunningServer,
  username: string,
  offerName: string,
  zoneName: string,
  name: string,
  point: { name: string; lat: number; lng: number },
): Promise<number> {
  const token = await apiToken(server.url, username);
  const projectId = await createProject(server.url, token, {
    offer: offerName,
    zone: zoneName,
    name,
    points: [point],
  });
  await apiCall(server.url, token, 'PUT', `/api/projects/${projectId}/compute/`);
  const deadline = Date.now() + 170_000;
  for (;;) {
    const project = await apiCall<Project>(server.url, token, 'GET', `/api/projects/${projectId}/`);
    if (project.status === 'FINISHED') return projectId;
    if (project.status === 'FAILED' || Date.now() > deadline) throw new Error(`${name}: ${project.status}`);
    await new Promise((wait) => setTimeout(wait, 1000));
  }
}

export const menu = (page: Page) => page.getByTestId('analyze-menu');
export const modal = (page: Page) => page.getByTestId('stats-modal');

/**
 * Opens the Analyze tab (`open`) with the calibration panel's code held back, chooses the point named `point`,
 * and checks that the menu stays where it stood once the panel has come: the tab keeps the panel's place
 * while its code loads. Returns the menu's top before and after, in px; `shot`: a screenshot of the kept place.
 */
export async function choosePointAsThePanelComes(
  page: Page,
  open: () => Promise<unknown>,
  point: string | RegExp,
  shot?: string,
): Promise<{ before: number; after: number }> {
  const chunk = /\/assets\/CalibrationPanel-[^/]+\.js$/;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await open();
    await menu(page).getByTestId('group-points').getByRole('button', { name: point }).click();
    await visible(page.getByTestId('calibration-placeholder'));
    const before = (await menu(page).boundingBox())!.y;
    if (shot) await screenshot(page, shot);
    release();
    await visible(page.getByTestId('calibration-panel'));
    await hidden(page.getByTestId('calibration-placeholder'));
    return { before, after: (await menu(page).boundingBox())!.y };
  } finally {
    release();
    await page.unroute(chunk);
  }
}

/** Chooses point, field, type (and variable when several) and opens the stats modal. */
export async function display(page: Page, field: RegExp, type: string, variable?: RegExp): Promise<void> {
  const fields = menu(page).getByTestId('group-fields');
  const types = menu(page).getByTestId('group-types');
  // a new field clears the type; re-choosing the same field would deselect it
  const chosenField = fields.locator('.Mui-selected');
  if ((await chosenField.count()) === 0 || !field.test((await chosenField.textContent()) ?? ''))
    await fields.getByRole('button', { name: field }).first().click();
  const chosenType = types.locator('.Mui-selected');
  if ((await chosenType.count()) > 0 && (await chosenType.textContent()) === type) await chosenType.click();
  await types.getByRole('button', { name: type, exact: true }).click();
  if (variable)
    await menu(page).getByTestId('group-variables').getByRole('button', { name: variable }).click();
  await menu(page).getByRole('button', { name: 'Display Statistics' }).click();
  await visible(modal(page));
  await hidden(page.getByTestId('stats-loading'));
}

export async function closeModal(page: Page): Promise<void> {
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await hidden(modal(page));
}
