// A manager's point actions in the Query tab (spec 000 §6 'add, edit and remove points', §7 Points and tasks,
// §8 stale data): edit a point while someone else changes it (the 409 message, then Reload and save), cancel
// one running point's computation, and delete every point after a confirmation.
import { describe, expect, it, onTestFailed, vi } from 'vitest';
import { messages, type Point, type Task } from '@metocean/contracts';
import {
  apiCall,
  apiToken,
  createProject,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

describe('a manager edits, cancels and deletes points', () => {
  let manager = '';
  let projectId = 0;
  const harness = useServerAndBrowser(async ({ server }) => {
    manager = await apiToken(server.url, 'manager');
    projectId = await createProject(server.url, manager, {
      offer: 'On Demand',
      zone: 'Southern North Sea',
      name: 'Points_edit',
      points: [
        { name: 'Alpha', lat: 53.324, lng: 1.32 },
        { name: 'Bravo', lat: 53.5, lng: 3 },
        { name: 'Charlie', lat: 54, lng: 4 },
      ],
    });
  });
  const pointsOf = async () =>
    apiCall<Point[]>(harness.server.url, manager, 'GET', `/api/points/?project=${projectId}`);
  const row = (name: string) => harness.page.getByTestId('point-row').filter({ hasText: name });

  it('edits a point: the stale-data message when someone else saved first, then Reload and save', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-points-edit'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}/query`);
    await page.getByRole('button', { name: 'Edit Alpha', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit Alpha/ });
    await visible(dialog);
    // the coordinate rules: above the limit says maxValue
    await dialog.getByLabel('Latitude (°)').fill('91');
    await visible(dialog.getByText(messages.maxValue(90)));
    await dialog.getByLabel('Latitude (°)').fill('53.4');
    await dialog.getByLabel('Point name').fill('Alpha moved');

    // meanwhile a colleague renames the point (its version moves on)
    const alpha = (await pointsOf()).find((p) => p.name === 'Alpha')!;
    await apiCall(server.url, manager, 'PUT', `/api/points/${alpha.id}/`, {
      id: alpha.id,
      project: projectId,
      name: 'Alpha (colleague)',
      nbVersion: alpha.nbVersion,
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(messages.staleObject));
    await screenshot(page, 'points-edit-stale');

    // Reload takes the colleague's version; the edit then saves
    await visible(row('Alpha (colleague)'));
    await dialog.getByRole('button', { name: 'Reload' }).click();
    expect(await dialog.getByLabel('Point name').inputValue()).toBe('Alpha (colleague)');
    await dialog.getByLabel('Point name').fill('Alpha moved');
    await dialog.getByLabel('Latitude (°)').fill('53.4');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(row('Alpha moved'));
    expect(await row('Alpha moved').textContent()).toContain('53.4000, 1.3200');
    const saved = (await pointsOf()).find((p) => p.id === alpha.id)!;
    expect(saved).toMatchObject({
      name: 'Alpha moved',
      lat: 53.4,
      lng: 1.32,
      nbVersion: alpha.nbVersion + 2,
    });
  });

  it("cancels one running point's computation from its row", async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-points-cancel'));
    const bravo = (await pointsOf()).find((p) => p.name === 'Bravo')!;
    const draft = await apiCall<Task>(server.url, manager, 'POST', '/api/tasks/', { point: bravo.id });
    await apiCall(server.url, manager, 'PUT', `/api/tasks/${draft.id}/compute/?id=ALL`);
    await page.reload();
    const cancel = page.getByRole('button', { name: 'Cancel the computation of Bravo', exact: true });
    await visible(cancel);
    await screenshot(page, 'points-running');
    await cancel.click();
    await visible(row('Bravo').getByText('CANCELLED'));
    const tasks = await apiCall<Task[]>(server.url, manager, 'GET', `/api/tasks/?project=${projectId}`);
    expect(tasks.find((t) => t.id === draft.id)?.status).toBe('CANCELLED');
  });

  it('deletes every point after a confirmation', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-points-delete-all'));
    await page.goto(`${server.url}/project/${projectId}/query`);
    const dialog = page.getByRole('dialog', { name: 'Delete every point?' });
    // once in a CI run at load the first click, made while the page was still settling after the cancel
    // of the test before, opened nothing: the click is made again until the dialog shows
    await vi.waitFor(
      async () => {
        await page.getByRole('button', { name: 'delete all points', exact: true }).click();
        await dialog.waitFor({ state: 'visible', timeout: 3_000 });
      },
      { timeout: 30_000, interval: 500 },
    );
    await visible(dialog.getByText('The 3 points of this project will be deleted'));
    await screenshot(page, 'points-delete-all');
    await dialog.getByRole('button', { name: 'Delete all points' }).click();
    await visible(page.getByText('3 points deleted.'));
    await visible(page.getByText('No point yet'));
    expect(await pointsOf()).toEqual([]);
  });
  it('offers Share on the downtime and data validation pages, and the demo request on /examples', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-share-examples'));
    for (const path of [`/downtime/${projectId}`, `/data-validation/${projectId}`]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const share = page.getByRole('dialog', { name: `Share project #${projectId} · Points_edit` });
      await visible(share);
      await screenshot(page, `share-${path.split('/')[1]}`);
      await page.keyboard.press('Escape');
      await share.waitFor({ state: 'hidden' });
    }
    await page.goto(`${server.url}/examples`);
    await page.getByRole('button', { name: 'Ask for a demo location' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask for a demo location' });
    await ask.getByLabel('Latitude').fill('91');
    await visible(ask.getByText(messages.maxValue(90)));
    await ask.getByLabel('Latitude').fill('45.2');
    await ask.getByLabel('Longitude').fill('-3.1');
    await screenshot(page, 'examples-demo-request');
    await ask.getByRole('button', { name: 'Send' }).click();
    await visible(ask.getByText('Thank you: our team will reply within 48 hours.'));
    // a help page answered with an error status other than 404 shows the empty state (spec 002 Help)
    await page.route('**/api/flatpages/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Help is resting."}' }),
    );
    await page.goto(`${server.url}/help/validation`);
    await visible(page.getByText('This help page cannot be shown'));
    await visible(page.getByText('Help is resting.'));
    await screenshot(page, 'help-error-state');
    await page.unroute('**/api/flatpages/**');
    // home cards show the status as the project page does (spec 000 §3: uppercase)
    await page.goto(server.url);
    await visible(page.getByText('Points_edit'));
    await screenshot(page, 'home-cards');
  });
});
