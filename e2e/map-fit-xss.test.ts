// Issue 23 in the browser: the Query and Analyze maps open on the project's points, not the world, and the
// Analyze map fills the window under it; a
// geometry whose file name and feature labels hold HTML shows them as text in its tooltip and runs nothing;
// the built app runs under the Content-Security-Policy without a violation.
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '@metocean/contracts';
import { computedProject } from './analyze-helpers';
import {
  apiToken,
  artifactsDir,
  createProject,
  demoPassword,
  screenshot,
  signIn,
  signInFresh,
  useServerAndBrowser,
  visible,
  withFreshBrowser,
} from './harness';

const HOSTILE_FILE = '<img src=x onerror="window.__xss=1">.geojson';
const HOSTILE_LABEL = '<b id="injected">Farm</b><script>window.__xss=2</script>';

describe('map fit, escaped tooltips and the CSP in the browser', () => {
  let projectId = 0;
  let computedId = 0;
  const violations: string[] = [];

  const harness = useServerAndBrowser(async ({ server, page }) => {
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    // the standard user's: the manager's first-project tutorial shows only while no point is computed
    const computing = computedProject(
      server,
      'standard',
      'Standard Access',
      'Southern North Sea',
      'Fit_analyze',
      {
        name: 'Edge',
        lat: 53.05,
        lng: 2.9,
      },
    );
    const manager = await apiToken(server.url, 'manager');
    // A point near the zone's edge: a fit to the zone would not centre it.
    projectId = await createProject(server.url, manager, {
      offer: 'On Demand',
      zone: 'Southern North Sea',
      name: 'Fit_demo',
      points: [{ name: 'Edge', lat: 53.05, lng: 2.9 }],
    });
    const form = new FormData();
    form.append('project', String(projectId));
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: HOSTILE_LABEL },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [2.7, 52.95],
                [3.1, 52.95],
                [3.1, 53.15],
                [2.7, 53.15],
                [2.7, 52.95],
              ],
            ],
          },
        },
      ],
    };
    form.append('file', new Blob([JSON.stringify(geojson)]), HOSTILE_FILE);
    const uploaded = await fetch(`${server.url}/api/geometries/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager}`, 'X-App-Version': APP_VERSION },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    computedId = await computing;
  });

  /** The point's marker is on screen, within 40 px of the map's centre (a fit to one point centres it). */
  async function expectPointCentred(): Promise<void> {
    const { page } = harness;
    const map = await visible(page.locator('.leaflet-container').first());
    const marker = await visible(page.locator('.leaflet-overlay-pane path[stroke="#ffffff"]').first());
    await expect
      .poll(
        async () => {
          const m = (await map.boundingBox())!;
          const p = (await marker.boundingBox())!;
          return Math.hypot(
            p.x + p.width / 2 - (m.x + m.width / 2),
            p.y + p.height / 2 - (m.y + m.height / 2),
          );
        },
        { timeout: 15_000 },
      )
      .toBeLessThan(40);
  }

  it("opens the Query map on the project's points (the Analyze map shares the fit)", async () => {
    const { page, server } = harness;
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}/query`);
    await expectPointCentred();
    await screenshot(page, 'issue23-query-fit');
  });

  it("shows HTML in a geometry's names as text in its tooltip, running nothing", async () => {
    const { page, server } = harness;
    await page.goto(`${server.url}/project/${projectId}/query`);
    const shape = await visible(page.locator('.leaflet-geometries-pane path').first());
    const box = (await shape.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5);
    const tooltip = await visible(page.locator('.leaflet-tooltip').filter({ hasText: 'onerror' }));
    // the text as uploaded (the multipart file name carries its quotes as %22)
    await expect
      .poll(() => tooltip.textContent())
      .toMatch(
        /^<b id="injected">Farm<\/b><script>window\.__xss=2<\/script> · <img src=x onerror=(%22|")window\.__xss=1(%22|")>$/,
      );
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    await screenshot(page, 'issue23-escaped-tooltip');
    expect(violations).toEqual([]);
  });
  it('opens the release notes and the first tutorial one at a time', async () => {
    const { server } = harness;
    await withFreshBrowser('failure-release-notes-alone', async (page) => {
      await signIn(page, server.url, 'manager', demoPassword);
      await page.goto(`${server.url}/new_project`);
      const releaseNotes = await visible(page.getByRole('dialog', { name: /What's new/ }));
      // the tutorial waits while the release notes are open
      await page.waitForTimeout(1500);
      expect(await page.locator('.react-joyride__tooltip').count()).toBe(0);
      await screenshot(page, 'issue23-release-notes-alone');
      await releaseNotes.getByRole('button', { name: 'Ok' }).click();
      await visible(
        page.locator('.react-joyride__tooltip').getByText('Create your first project', { exact: true }),
      );
      expect(await page.getByRole('dialog', { name: /What's new/ }).count()).toBe(0);
      await screenshot(page, 'issue23-tutorial-after');
    });
  });

  it('shows a member a clear page, not the new-project form', async () => {
    const { page, server } = harness;
    await signInFresh(page, server.url, 'member');
    await page.goto(`${server.url}/new_project`);
    await visible(page.getByText('Only managers create projects'));
    expect(await page.getByRole('button', { name: 'Create project' }).count()).toBe(0);
    await screenshot(page, 'issue23-member-new-project');
  });

  it("opens the Analyze map on the project's points, down to the window's bottom", async () => {
    const { page, server } = harness;
    await signInFresh(page, server.url, 'standard');
    await page.goto(`${server.url}/project/${computedId}/analyze`);
    await expectPointCentred();
    const map = (await page.getByTestId('analyze-map').boundingBox())!;
    const viewport = page.viewportSize()!;
    // the map ends 16 px above the window's bottom: no empty area under it, and taller than the menu
    expect(viewport.height - (map.y + map.height)).toBeGreaterThanOrEqual(8);
    expect(viewport.height - (map.y + map.height)).toBeLessThanOrEqual(24);
    const menu = (await page.getByTestId('analyze-menu').boundingBox())!;
    expect(map.height).toBeGreaterThan(menu.height);
    await page.screenshot({ path: `${artifactsDir}/issue23-analyze-map-fit.png` });
  });
});
