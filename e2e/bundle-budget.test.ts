// Issue 34: the size of the web app's JavaScript is a budget, checked on the build's bytes (no browser, no
// clock): the first page, and what each lazily loaded screen adds to it, gzipped. In the e2e project
// because that suite runs after `npm run build` (scripts/test.mjs); the bench prints the same table.
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_BUDGET_KB, bundleTable, formatBundleTable, hasBuildManifest } from './bundle-size';

describe('the web bundle budget', () => {
  it('finds the build manifest (npm run build writes it)', () => {
    expect(hasBuildManifest()).toBe(true);
  });

  it('keeps the first page and every lazily loaded screen within its gzipped budget', () => {
    const rows = bundleTable();
    const table = formatBundleTable(rows);
    const first = rows[0]!;
    expect(first.name).toBe('first page');
    // a first page of a few kB would mean the manifest was misread, not a small app
    expect(first.gzipKb, table).toBeGreaterThan(50);
    expect(first.gzipKb, `first page over ${FIRST_PAGE_BUDGET_KB} kB gz:\n${table}`).toBeLessThanOrEqual(
      FIRST_PAGE_BUDGET_KB,
    );
    // the routes load on demand: without dynamic entries the router would have been made eager again
    expect(rows.length, table).toBeGreaterThan(20);
    const over = rows.filter((row) => row.gzipKb > row.budgetKb);
    expect(
      over.map((row) => row.name),
      `over budget:\n${table}`,
    ).toEqual([]);
  });

  it('loads the heavy libraries with their screens, not with the first page', () => {
    const rows = bundleTable();
    // counted beyond the first page's chunks: big here means loaded with the screen
    // ECharts alone is ~220 kB gz and Leaflet ~40: neither fits in the first page's budget beside React
    const charts = rows.find((row) => row.name === 'src/features/analyze/StatsModal.tsx');
    const map = rows.find((row) => row.name === 'src/map/MetoceanMap.tsx');
    expect(charts?.gzipKb).toBeGreaterThan(150);
    expect(map?.gzipKb).toBeGreaterThan(30);
  });
});
