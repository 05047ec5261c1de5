// The web app's JavaScript by screen, read from the build's manifest (apps/web/dist/.vite/manifest.json,
// written by `npm run build`): what the first page loads and what each lazily loaded screen or component
// adds to it, gzipped at level 9 as the bench measures a page in the browser. Deterministic (bytes of the
// build, no browser, no clock): the budget test (bundle-budget.test.ts) and the bench (bench/web.ts) print
// the same table.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const webDist = join(root, 'apps', 'web', 'dist');
const manifestPath = join(webDist, '.vite', 'manifest.json');

/** Issue 34: the first page (the entry and what it imports statically), gzipped. */
export const FIRST_PAGE_BUDGET_KB = 200;
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
  'src/features/analyze/StatsModal.tsx': 400,
  // + the alpha table choice (issue 32), not-doable operations and one unit per table (issue 30): 347.7 kB
  // (399.3 kB with zod and the schemas it took from the first page, issue 34)
  'src/features/contractors/ContractorsWizard.tsx': 430,
  'src/features/examples/ExampleChart.tsx': 390,
  // forms, grids and the pickers of a project's tabs and of the AWD dashboard
  'src/features/analyze/AnalyzeTab.tsx': 225,
  'src/features/projects/QueryTab.tsx': 180,
  'src/features/report/ReportTab.tsx': 180,
  'src/features/downtime/DashboardPage.tsx': 180,
  'src/features/downtime/UploadPage.tsx': 175,
  'src/features/examples/ExamplesPage.tsx': 165,
  // + the zone's dataset cards and the variables new points will lack (issue 30): ~10 kB
  'src/features/projects/NewProjectPage.tsx': 175,
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleRow {
  /** The source module of a lazy chunk ('first page' for the entry's closure). */
  name: string;
  /** Gzipped kB it loads beyond the first page (the first page: all of it). */
  gzipKb: number;
  budgetKb: number;
}

export function hasBuildManifest(): boolean {
  return existsSync(manifestPath);
}

/**
 * The first page and every dynamic entry (a route's `lazy`, a `React.lazy` component, an `import()` of a
 * library): gzipped kB of the chunks each loads, a dynamic entry counted beyond the first page's chunks.
 */
export function bundleTable(): BundleRow[] {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string): number => {
    let kb = gzipKb.get(file);
    if (kb === undefined) {
      kb = gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length / 1024;
      gzipKb.set(file, kb);
    }
    return kb;
  };
  /** The chunk keys a chunk loads: itself and its static imports, transitively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`the web build has ${entries.length} entries, not 1`);
  const firstPage = closure(entries[0]![0]);
  const kbOf = (keys: Iterable<string>): number => {
    let total = 0;
    for (const key of keys) if (manifest[key]?.file.endsWith('.js')) total += sizeOf(manifest[key].file);
    return total;
  };
  const rows: BundleRow[] = [{ name: 'first page', gzipKb: kbOf(firstPage), budgetKb: FIRST_PAGE_BUDGET_KB }];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const added = [...closure(key)].filter((k) => !firstPage.has(k));
    const name = chunk.src ?? key;
    rows.push({ name, gzipKb: kbOf(added), budgetKb: LAZY_BUDGETS_KB[name] ?? DEFAULT_LAZY_BUDGET_KB });
  }
  return rows;
}

/** The table as the bench and the test print it, largest first after the first page. */
export function formatBundleTable(rows: readonly BundleRow[]): string {
  const [first, ...rest] = rows;
  const ordered = [first!, ...[...rest].sort((a, b) => b.gzipKb - a.gzipKb)];
  return ordered
    .map(
      (row) =>
        `    ${row.name.padEnd(62)} ${row.gzipKb.toFixed(1).padStart(7)} kB gz  budget ${String(row.budgetKb).padStart(4)} kB` +
        (row.gzipKb > row.budgetKb ? '  OVER' : ''),
    )
    .join('\n');
}
