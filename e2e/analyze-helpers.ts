// What the browser specs of the Analyze tab share: projects computed over the API in a file's preparation,
// and the menu's way to a chart (point, field, type, variable, Display Statistics).
import type { Page } from 'playwright-core';
import type { Project } from '@metocean/contracts';
import { apiCall, apiToken, createProject, hidden, visible, type RunningServer } from './harness';

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
