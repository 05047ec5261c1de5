// Issue 34: the size of the web app's JavaScript is a budget, checked on the build's bytes (no browser, no
// clock): each first page as a cold browser loads it (the frame with its route's chunks: the signed-in home
// page, the visitor's landing page), and what each lazily loaded screen adds to the frame, gzipped. In the e2e project
// because that suite runs after `npm run build` (scripts/test.mjs); the bench prints the same table.
import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGES,
  FIRST_PAGE_BUDGET_KB,
  bundleTable,
  formatBundleTable,
  hasBuildManifest,
  type Manifest,
} from './bundle-size';

describe('the web bundle budget', () => {
  it('finds the build manifest (npm run build writes it)', () => {
    expect(hasBuildManifest()).toBe(true);
  });

  it('keeps each first page and every lazily loaded screen within its gzipped budget', () => {
    const rows = bundleTable();
    const table = formatBundleTable(rows);
    const frame = rows.find((row) => row.name.startsWith('app frame'))!;
    // a frame of a few kB would mean the manifest was misread, not a small app
    expect(frame.gzipKb, table).toBeGreaterThan(50);
    for (const { name } of FIRST_PAGES) {
      const page = rows.find((row) => row.name === name);
      // a first page is its frame and more: the route's own chunk at least
      expect(page?.gzipKb, table).toBeGreaterThan(frame.gzipKb);
      expect(page!.gzipKb, `${name} over ${FIRST_PAGE_BUDGET_KB} kB gz:\n${table}`).toBeLessThanOrEqual(
        FIRST_PAGE_BUDGET_KB,
      );
    }
    // the routes load on demand: without dynamic entries the router would have been made eager again
    expect(rows.length, table).toBeGreaterThan(20);
    const over = rows.filter((row) => row.gzipKb > row.budgetKb);
    expect(
      over.map((row) => row.name),
      `over budget:\n${table}`,
    ).toEqual([]);
  });

  it('counts a screen loaded from inside another beyond what that one loaded', () => {
    // a build in miniature: the Tab route loads the Panel (only from inside it) and Both (which the frame
    // may load too); Tab's module shared with them sits in its own chunk
    const [home, landing] = FIRST_PAGES.map((page) => page.route);
    const manifest: Manifest = {
      'index.html': {
        file: 'index.js',
        isEntry: true,
        imports: ['_frame.js'],
        dynamicImports: [home!, landing!, 'Tab.tsx', 'Both.tsx'],
      },
      'start.ts': { file: 'start.js', isEntry: true },
      '_frame.js': { file: 'frame.js' },
      [home!]: { file: 'home.js', isDynamicEntry: true, imports: ['_frame.js'] },
      [landing!]: { file: 'landing.js', isDynamicEntry: true },
      'Tab.tsx': {
        file: 'Tab.js',
        isDynamicEntry: true,
        imports: ['_shared.js'],
        dynamicImports: ['Panel.tsx', 'Both.tsx'],
      },
      '_shared.js': { file: 'shared.js' },
      'Panel.tsx': { file: 'Panel.js', isDynamicEntry: true, imports: ['Tab.tsx', '_shared.js'] },
      'Both.tsx': { file: 'Both.js', isDynamicEntry: true, imports: ['_shared.js'], css: ['Both.css'] },
    };
    const kb: Record<string, number> = {
      'index.js': 10,
      'start.js': 1,
      'frame.js': 100,
      'home.js': 5,
      'landing.js': 4,
      'Tab.js': 20,
      'shared.js': 30,
      'Panel.js': 3,
      'Both.js': 7,
      'Both.css': 2,
    };
    const rows = Object.fromEntries(
      bundleTable(manifest, (file) => kb[file]!).map((r) => [r.name, r.gzipKb]),
    );
    expect(rows['app frame (entries and their static imports)']).toBe(111);
    expect(rows['Tab.tsx']).toBe(50); // its chunk and the shared one, beyond the frame
    expect(rows['Panel.tsx']).toBe(3); // only ever loaded by Tab: Tab's chunks are there already
    expect(rows['Both.tsx']).toBe(39); // the frame may load it before Tab: the shared chunk counts
  });

  it('keeps zod and the example charts off the first pages', () => {
    const rows = bundleTable();
    const byName = (name: string) => rows.find((row) => row.name === name)!;
    /** The largest file a lazy entry adds to the frame: zod for the schemas, the payloads for the strip. */
    const largest = (name: string) => [...byName(name).files].sort((a, b) => b.gzipKb - a.gzipKb)[0]!;
    const [home, landing] = FIRST_PAGES.map(({ name }) => byName(name).files.map((f) => f.file));
    // zod with the response schemas (~26 kB gz) loads only for an answer no server of this version vouches
    // for; the example charts (their payloads and thumbnails, ~50 kB gz) after the landing page's text
    const zod = largest('src/api/schemas.ts');
    const payloads = largest('src/features/public/ExampleStrip.tsx');
    expect(zod.gzipKb).toBeGreaterThan(20);
    expect(payloads.gzipKb).toBeGreaterThan(30);
    expect(home).not.toContain(zod.file);
    expect(landing).not.toContain(zod.file);
    expect(landing).not.toContain(payloads.file);
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
