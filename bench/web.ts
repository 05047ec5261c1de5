// A Lighthouse-style check of the built web app's first pages (issue 6): the home page ('My projects') of a
// signed-in manager and the visitor's landing page (/front), loaded cold in Debian's Chromium from the
// built server. Figures, not a test:
// - JavaScript the page loads before it is shown, gzipped (each script gzipped at level 9, as a server
//   would send it), with the target of issue 34: at most 200 kB (issue 6's was 300 kB); what it fetches
//   afterwards (the landing page's example charts) is listed apart; and the build's table of the first pages
//   and of each lazily loaded screen against its budget (e2e/bundle-size.ts, what the budget test checks);
// - time to interactive, after Lighthouse's definition: the later of DOMContentLoaded, the home content
//   being shown, and the end of the last long task (> 50 ms) before a quiet second — median of 3 cold loads.
// Needs `npm run build` (apps/web/dist and apps/server/dist) and /usr/bin/chromium; skipped otherwise.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { APP_VERSION, limits } from '@metocean/contracts';
import { bundleTable, formatBundleTable, hasBuildManifest } from '../e2e/bundle-size';
import { record } from './figures';
import { apiToken, demoPassword, launchBrowser, startServer, userChromium } from '../e2e/harness';

const TARGET_KB = 200;
const RUNS = 3;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Load {
  jsBytes: number;
  jsGzipBytes: number;
  /** Every script of the load; `late`: fetched after the page was shown. */
  scripts: { url: string; gzipBytes: number; late: boolean }[];
  ttiMs: number;
}

/** A page to load cold: its path, whether signed in, and a text that says it is shown. */
interface PageSpec {
  path: string;
  signedIn: boolean;
  shownBy: string;
}

const HOME: PageSpec = { path: '/', signedIn: true, shownBy: 'My projects' };
const LANDING: PageSpec = {
  path: '/front',
  signedIn: false,
  shownBy: 'Ocean and weather statistics for offshore work, from decades of hourly hindcast',
};

/**
 * The manager's refresh cookie as the web app's sign-in sets it. Each cold load needs its own: the first use
 * rotates it, and a second use would be a replay that ends the session.
 */
async function refreshCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api-auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [limits.tokenTransportHeader]: 'cookie' },
    body: JSON.stringify({ username: 'manager', password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('metocean_refresh='));
  const value = line?.split(';')[0]?.slice('metocean_refresh='.length);
  if (!value) throw new Error('the sign-in set no refresh cookie');
  return value;
}

/**
 * One cold load of a page in a fresh browser profile (empty cache); signed in, the page gets its access
 * token with the refresh cookie first, as after any reload.
 */
async function loadPage(url: string, spec: PageSpec): Promise<Load> {
  const browser = await launchBrowser(userChromium);
  try {
    const { page, context } = browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    if (spec.signedIn)
      await context.addCookies([
        {
          name: 'metocean_refresh',
          value: await refreshCookie(url),
          domain: new URL(url).hostname,
          path: '/api-auth/',
          httpOnly: true,
          sameSite: 'Strict',
        },
      ]);
    // Signed in as a returning user (the release notes of this version seen); long tasks recorded from the
    // start. Strings: this file is type-checked without the DOM library.
    await context.addInitScript({
      content: `
        ${spec.signedIn ? "localStorage.setItem('metocean.signedIn', 'bench');" : ''}
        localStorage.setItem('metocean.lastActivity', String(Date.now()));
        localStorage.setItem('metocean.lastSeenVersion', ${JSON.stringify(APP_VERSION)});
        window.__longTaskEnds = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTaskEnds.push(entry.startTime + entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      `,
    });
    const scripts: Promise<{ url: string; body: Buffer; late: boolean }>[] = [];
    let shown = false;
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const late = shown;
      if (response.request().resourceType() === 'script' || type.includes('javascript'))
        scripts.push(response.body().then((body) => ({ url: response.url(), body, late })));
    });
    await page.goto(`${url}${spec.path}`);
    await page
      .getByText(spec.shownBy, { exact: true })
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    shown = true;
    const shownAt = await page.evaluate<number>('performance.now()');
    await page.waitForTimeout(1500); // a quiet window after the content shows
    const timing = await page.evaluate<{ domContentLoaded: number; longTaskEnds: number[] }>(`({
      domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      longTaskEnds: window.__longTaskEnds,
    })`);
    const bodies = await Promise.all(scripts);
    const measured = bodies.map(({ url: scriptUrl, body, late }) => ({
      url: scriptUrl,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      late,
    }));
    const lastLongTask = Math.max(0, ...timing.longTaskEnds.filter((end) => end <= shownAt + 1000));
    const early = measured.filter((m) => !m.late);
    return {
      jsBytes: early.reduce((s, m) => s + m.bytes, 0),
      jsGzipBytes: early.reduce((s, m) => s + m.gzipBytes, 0),
      scripts: measured.map(({ url: u, gzipBytes, late }) => ({ url: new URL(u).pathname, gzipBytes, late })),
      ttiMs: Math.max(timing.domContentLoaded, shownAt, lastLongTask),
    };
  } finally {
    await browser.close();
  }
}

/** Median and first-load figures of `RUNS` cold loads, printed under `label`. */
async function measure(label: string, url: string, spec: PageSpec): Promise<{ kb: number; tti: number }> {
  const loads: Load[] = [];
  for (let i = 0; i < RUNS; i++) loads.push(await loadPage(url, spec));
  const first = loads[0]!;
  console.log(`  ${label}`);
  for (const script of [...first.scripts].sort(
    (a, b) => Number(a.late) - Number(b.late) || b.gzipBytes - a.gzipBytes,
  ))
    console.log(
      `    ${script.url.padEnd(58)} ${(script.gzipBytes / 1024).toFixed(1).padStart(8)} kB gz` +
        (script.late ? '  (after the page was shown)' : ''),
    );
  // The map (Leaflet) is fetched lazily, when the cards' previews mount: not part of the first page's bundle.
  const lazyMap = first.scripts
    .filter((s) => !s.late && /MetoceanMap/.test(s.url))
    .reduce((t, s) => t + s.gzipBytes, 0);
  const kb = (first.jsGzipBytes - lazyMap) / 1024;
  const tti = loads.map((l) => l.ttiMs).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  console.log(
    `    JavaScript: ${(first.jsBytes / 1024).toFixed(0)} kB, ${(first.jsGzipBytes / 1024).toFixed(1)} kB gzipped` +
      (lazyMap > 0 ? `, of which the lazily loaded map ${(lazyMap / 1024).toFixed(1)} kB` : ''),
  );
  console.log(
    `    first page${lazyMap > 0 ? ' without the lazy map' : ''}: ${kb.toFixed(1)} kB gzipped (target ≤ ${TARGET_KB} kB: ${kb <= TARGET_KB ? 'met' : 'NOT met'})`,
  );
  console.log(`    time to interactive (median of ${RUNS} cold loads): ${tti.toFixed(0)} ms`);
  return { kb, tti };
}

async function createProjects(url: string, accessToken: string, count: number): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const offers = (await (await fetch(`${url}/api/offers/`, { headers })).json()) as {
    id: number;
    name: string;
    zones: { id: number; name: string }[];
  }[];
  const offer = offers.find((o) => o.name === 'On Demand');
  const zone = offer?.zones.find((z) => z.name === 'Southern North Sea');
  if (!offer || !zone) throw new Error('the demo has no On Demand offer on the Southern North Sea');
  for (let i = 1; i <= count; i++) {
    const response = await fetch(`${url}/api/projects/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Bench_${i}`,
        offerInstance: offer.id,
        zone: zone.id,
        points: [{ lat: 53 + i / 10, lng: 2 }],
      }),
    });
    if (!response.ok) throw new Error(`project ${i}: HTTP ${response.status}`);
  }
}

export async function webBench(): Promise<void> {
  console.log('\nWeb app: home page (signed-in manager, cold cache, built app, Debian Chromium)');
  const built = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].every((f) =>
    existsSync(`${root}${f}`),
  );
  if (!built || !existsSync(userChromium)) {
    console.log('  skipped: run `npm run build` first (and install Debian chromium)');
    return;
  }
  if (hasBuildManifest()) {
    const rows = bundleTable();
    console.log(
      '  the build, by screen (gzipped at level 9; a lazy screen counted beyond what is loaded before it):',
    );
    console.log(formatBundleTable(rows));
  }
  const server = await startServer();
  try {
    const landing = await measure('landing page, signed out (/front):', server.url, LANDING);
    const empty = await measure('home, no project yet (empty state):', server.url, HOME);
    await createProjects(server.url, await apiToken(server.url, 'manager'), 3);
    const cards = await measure('home, three projects (cards with map previews):', server.url, HOME);
    record({
      id: 'web.firstPageKb',
      label: 'first page, JavaScript (three projects, without the lazy map)',
      value: cards.kb,
      unit: 'kB gz',
      target: TARGET_KB,
    });
    record({
      id: 'web.emptyFirstPageKb',
      label: 'first page, JavaScript (no project yet)',
      value: empty.kb,
      unit: 'kB gz',
      target: TARGET_KB,
    });
    record({
      id: 'web.landingKb',
      label: 'landing page (signed out), JavaScript before it is shown',
      value: landing.kb,
      unit: 'kB gz',
      target: TARGET_KB,
    });
    record({
      id: 'web.landingTti',
      label: 'landing page (signed out), time to interactive',
      value: landing.tti,
      unit: 'ms',
      target: 1000,
    });
    record({
      id: 'web.tti',
      label: 'first page, time to interactive (three projects)',
      value: cards.tti,
      unit: 'ms',
      target: 1000,
    });
  } finally {
    await server.stop();
  }
}
