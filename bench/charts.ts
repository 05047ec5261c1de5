// Chart rendering in Debian's Chromium (issue 7): time to first render and to re-render after a zoom of
// the 40-year hourly time series (350,640 values, the full record, not the stored display series) and of
// the joint-probability heat map, with the option builders of packages/charts bundled for the browser
// (esbuild) and ECharts' canvas renderer at the spec's chart sizes. Each figure is the median of 5 runs,
// from building the option to ECharts' 'finished' event. Figures, not a test. Needs /usr/bin/chromium.
// Run alone: npx tsx bench/charts.ts
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { HOUR_MS, jointTable, seededRandom } from '@metocean/core';
import { visuPayloadOf } from '@metocean/charts';
import type { VisuPayload } from '@metocean/contracts';
import type { Timing } from './charts-page';
import { launchBrowser, userChromium } from '../e2e/harness';

const RUNS = 5;
const YEARS = 40;

/** A deterministic 40-year hourly wave height with seasons, storms and a few gaps, and its direction. */
function syntheticRecord() {
  const n = Math.round(YEARS * 8766);
  const random = seededRandom(7);
  const time = new Float64Array(n);
  const hs = new Float64Array(n);
  const dir = new Float64Array(n);
  const t0 = Date.UTC(1980, 0, 1);
  let storm = 0;
  for (let i = 0; i < n; i++) {
    time[i] = t0 + i * HOUR_MS;
    storm = storm * 0.97 + (random() < 0.002 ? 3 + 4 * random() : 0);
    const season = 1.2 + 0.6 * Math.cos((2 * Math.PI * i) / 8766);
    hs[i] = Math.max(0.1, season + storm + 0.3 * (random() - 0.5));
    dir[i] = (360 + 60 + 40 * Math.sin(i / 300) + 30 * (random() - 0.5)) % 360;
    if (i % 50_000 < 24) hs[i] = NaN;
  }
  return { time, hs, dir };
}

const dataset = { name: 'Synthetic 40-year bench record', notes: '', synthetic: false };
const node = { lat: 45, lon: -4, distanceKm: 0 };

async function browserBundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./charts-page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export async function chartsBench(): Promise<void> {
  if (!existsSync(userChromium)) {
    console.log('\nCharts in Chromium: skipped (no /usr/bin/chromium)');
    return;
  }
  const record = syntheticRecord();
  const ts = visuPayloadOf({
    statId: 'TS__hs',
    code: 'TS',
    payload: {
      target: { field: 'hs' },
      dataset,
      node,
      result: {
        time: Array.from(record.time),
        values: Array.from(record.hs, (v) => (Number.isNaN(v) ? -999 : v)),
      },
    },
  });
  const heat = (dx: number, sectors: number) =>
    visuPayloadOf({
      statId: 'EJPD__hs__dir',
      code: 'EJPD',
      payload: {
        target: { field: 'hs', partner: 'dir' },
        dataset,
        node,
        result: JSON.parse(
          JSON.stringify(jointTable(record.hs, record.dir, { dx, dy: 360 / sectors })),
        ) as unknown,
      },
    });
  const coarse = heat(0.5, 16);
  const fine = heat(0.1, 72);
  const bundle = await browserBundle();
  const browser = await launchBrowser(userChromium);
  try {
    const { page } = browser;
    await page.setContent('<!doctype html><html><body style="margin:0"><div id="c"></div></body></html>');
    await page.addScriptTag({ content: bundle });
    // the payload crosses as plain JSON (its recursive type is too deep for playwright's argument types)
    const measure = (payload: VisuPayload, kind: 'ts' | 'heat'): Promise<Timing> =>
      page.evaluate(
        ([p, k, runs]) =>
          (
            globalThis as unknown as {
              bench: { measure: (p: unknown, k: string, runs: number) => Promise<Timing> };
            }
          ).bench.measure(p, k, runs),
        [payload as unknown as Record<string, unknown>, kind, RUNS] as [
          Record<string, unknown>,
          string,
          number,
        ],
      );
    const series = await measure(ts, 'ts');
    const coarseHeat = await measure(coarse, 'heat');
    const fineHeat = await measure(fine, 'heat');
    const cells = (p: typeof coarse) => (p.counts!.values as number[][]).flat().filter((v) => v > 0).length;
    console.log(`\nCharts in Chromium (packages/charts options + ECharts canvas, median of ${RUNS}):`);
    console.log(
      `  time series, ${record.time.length.toLocaleString('en')} hourly values: first render ${series.firstMs.toFixed(0)} ms (${series.points} points drawn), re-render after zoom to 60 days ${series.zoomMs.toFixed(0)} ms (${series.zoomPoints} points)`,
    );
    console.log(
      `  heat map 0.5 m × 22.5° (${cells(coarse)} cells): first render ${coarseHeat.firstMs.toFixed(0)} ms, re-render ${coarseHeat.zoomMs.toFixed(0)} ms`,
    );
    console.log(
      `  heat map 0.1 m × 5° (${cells(fine)} cells): first render ${fineHeat.firstMs.toFixed(0)} ms, re-render ${fineHeat.zoomMs.toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await chartsBench();
