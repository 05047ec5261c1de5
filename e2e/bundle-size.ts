// The web app's JavaScript by screen, read from the build's manifest (apps/web/dist/.vite/manifest.json,
// written by `npm run build`): what each first page loads (the app's frame, the entry and its static
// imports, with the chunks of the route it opens on) and what each lazily loaded screen or component adds
// to what the browser holds when it loads (the frame, and the screen that imports it), gzipped at level 9
// as the bench measures a page in the browser. Deterministic (bytes of the build, no browser, no clock): the
// budget test (bundle-budget.test.ts) and the bench (bench/web.ts) print the same table.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const webDist = join(root, 'apps', 'web', 'dist');
const manifestPath = join(webDist, '.vite', 'manifest.json');

/** Issue 34: a first page (the frame and its route's chunks, scripts and style sheets), gzipped. */
export const FIRST_PAGE_BUDGET_KB = 200;

/**
 * The pages a cold browser opens on, by the route module the router loads for them (apps/web/src/app/
 * routes.tsx): the signed-in home page and the visitor's landing page. Each is the frame plus the route's
 * static imports, which the browser fetches before it can paint the page (session 30: the same figure as
 * the bench's count of every script of a cold load, within the chunks fetched later on demand).
 */
export const FIRST_PAGES: readonly { name: string; route: string }[] = [
  { name: 'first page: home, signed in (/)', route: 'src/features/home/HomePage.tsx' },
  { name: 'first page: landing, signed out (/front)', route: 'src/features/public/pages.ts' },
];
/**
 * What a lazily loaded screen or component may add to the first page, unless `LAZY_BUDGETS_KB` says more.
 * Issue 34 took zod with the response schemas (32 kB gz) and the home page's route (16 kB) out of the
 * first page: a screen that uses them now counts them in what it adds, so every budget below grew by the
 * 48 kB the first page lost (what a screen loads in all, the first page with it, did not grow).
 */
export const DEFAULT_LAZY_BUDGET_KB = 150;
/**
 * The screens that carry a heavy library, by their source module: the charts (ECharts) with the Analyze
 * tab and its views, the map (Leaflet), the examples' thumbnails. Each budget is its measured size with a
 * margin of about 10 %: a library added to one of them is seen, not absorbed.
 */
export const LAZY_BUDGETS_KB: Readonly<Record<string, number>> = {
  // with the charts (ECharts and zrender, ~220 kB gz of them)
  'src/features/downtime/ResultsPage.tsx': 430,
  'src/features/validation/ValidationPage.tsx': 420,
  'src/features/downtime/ComparisonPage.tsx': 410,
  // the modal loads from the Analyze tab only: counted beyond the tab's chunks (session 43; 374.2 kB with
  // them, 232.6 kB without)
  'src/features/analyze/StatsModal.tsx': 255,
  // + the alpha table choice (issue 32), not-doable operations and one unit per table (issue 30): 347.7 kB
  // (399.3 kB with zod and the schemas it took from the first page, issue 34; 374.2 kB once the engine's
  // statistics stayed out of the screens that only format numbers, session 32)
  'src/features/contractors/ContractorsWizard.tsx': 410,
  // loaded from the examples' page and their thumbnails: 271.8 kB beyond both (355.5 kB beyond the frame)
  'src/features/examples/ExampleChart.tsx': 300,
  // forms, grids and the pickers of a project's tabs and of the AWD dashboard
  // session 30: the frame lost 7 kB (the user menu, MUI's fields, the public pages' words), which the
  // screens that use them now count: the two closest to their budget grew by as much
  'src/features/analyze/AnalyzeTab.tsx': 232,
  'src/features/projects/QueryTab.tsx': 180,
  // session 32: 180–182 kB, ~40 kB of it the engine's statistic registry, which these screens never call
  // (the report's rules read a field's kind, the AWD screens format durations): now out of them (core's
  // `sideEffects: false`, the kinds in their own module); 139.0, 140.4 and 142.7 kB
  'src/features/report/ReportTab.tsx': 155,
  'src/features/downtime/DashboardPage.tsx': 155,
  'src/features/downtime/UploadPage.tsx': 160,
  'src/features/examples/ExamplesPage.tsx': 165,
  // + the zone's dataset cards and the variables new points will lack (issue 30): ~10 kB
  'src/features/projects/NewProjectPage.tsx': 175,
};

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface BundleRow {
  /** The source module of a lazy chunk, 'app frame' for the entries' closure, or a first page's name. */
  name: string;
  /** Gzipped kB it loads beyond the chunks already loaded (the frame and the first pages: all of it). */
  gzipKb: number;
  budgetKb: number;
  /** The files counted, with their gzipped kB. */
  files: { file: string; gzipKb: number }[];
}

export function hasBuildManifest(): boolean {
  return existsSync(manifestPath);
}

/** Gzipped kB of a file of the build (level 9), each file read once. */
function builtFileKb(): (file: string) => number {
  const gzipKb = new Map<string, number>();
  return (file) => {
    let kb = gzipKb.get(file);
    if (kb === undefined) {
      kb = gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length / 1024;
      gzipKb.set(file, kb);
    }
    return kb;
  };
}

/**
 * The first pages (`FIRST_PAGES`), the app's frame, and every dynamic entry (a route's `lazy`, a
 * `React.lazy` component, an `import()` of a library): gzipped kB of the chunks each loads (scripts and
 * their style sheets), a dynamic entry counted beyond the chunks loaded before it (`loadedBefore`).
 */
export function bundleTable(
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest,
  sizeOf = builtFileKb(),
): BundleRow[] {
  /** The chunk keys a chunk loads: itself and its static imports, transitively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  // index.html's entry and the session's start, loaded `async` beside it (vite.config.ts): every page loads both
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 2) throw new Error(`the web build has ${entries.length} entries, not 2`);
  const frame = new Set<string>();
  for (const [key] of entries) closure(key, frame);
  /** A row: the scripts of `keys` and their style sheets, each file once. */
  const row = (name: string, keys: Iterable<string>, budgetKb: number): BundleRow => {
    const names = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      if (chunk.file.endsWith('.js')) names.add(chunk.file);
      for (const css of chunk.css ?? []) names.add(css);
    }
    const files = [...names].map((file) => ({ file, gzipKb: sizeOf(file) }));
    return { name, gzipKb: files.reduce((total, f) => total + f.gzipKb, 0), budgetKb, files };
  };
  const rows: BundleRow[] = FIRST_PAGES.map(({ name, route }) => {
    if (!manifest[route]?.isDynamicEntry) throw new Error(`the build has no lazy route ${route}`);
    return row(name, closure(route, new Set(frame)), FIRST_PAGE_BUDGET_KB);
  });
  rows.push(row('app frame (entries and their static imports)', frame, FIRST_PAGE_BUDGET_KB));
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const loaded = loadedBefore(manifest, key, frame, closure);
    const added = [...closure(key)].filter((k) => !loaded.has(k));
    const name = chunk.src ?? key;
    rows.push(row(name, added, LAZY_BUDGETS_KB[name] ?? DEFAULT_LAZY_BUDGET_KB));
  }
  return rows;
}

/**
 * The chunks a browser already holds when the dynamic entry `key` loads: the frame, and the chunks every
 * chunk that imports it (`import()`) brought with it. A screen loaded only from inside another (the
 * statistics modal and the calibration panel from the Analyze tab, the map from its lazy wrapper) downloads
 * only what that one has not: a module the two share, which the bundler puts in the importer's chunk, is not
 * counted again. Imported from several chunks, it counts what is loaded whichever of them imports it.
 */
function loadedBefore(
  manifest: Manifest,
  key: string,
  frame: ReadonlySet<string>,
  closure: (key: string, into?: Set<string>) => Set<string>,
): Set<string> {
  const importers = Object.entries(manifest)
    .filter(([, chunk]) => chunk.dynamicImports?.includes(key))
    .map(([importer]) => importer);
  const loaded = importers.map((importer) =>
    frame.has(importer) ? new Set(frame) : closure(importer, new Set(frame)),
  );
  if (loaded.length === 0) return new Set(frame);
  return new Set([...loaded[0]!].filter((k) => loaded.every((set) => set.has(k))));
}

/** The table as the bench and the test print it: the first pages and the frame, then largest first. */
export function formatBundleTable(rows: readonly BundleRow[]): string {
  const head = rows.slice(0, FIRST_PAGES.length + 1);
  const rest = rows.slice(FIRST_PAGES.length + 1);
  const ordered = [...head, ...[...rest].sort((a, b) => b.gzipKb - a.gzipKb)];
  return ordered
    .map(
      (row) =>
        `    ${row.name.padEnd(62)} ${row.gzipKb.toFixed(1).padStart(7)} kB gz  budget ${String(row.budgetKb).padStart(4)} kB` +
        (row.gzipKb > row.budgetKb ? '  OVER' : ''),
    )
    .join('\n');
}
