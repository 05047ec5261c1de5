// The Operability report (average statistics): per point and part, the summary table, monthly statistics,
// non-exceedance tables, roses, the Hs–Tp occurrence table, persistence, and the conclusion. Tables read the
// stored results; the persistence tables (persistence.ts) run the engine's weather-window statistics (the
// stored WW and WD functions) at the report's limits on the point's series, since the stored ones use the
// median as limit.
import { MIN_INTERVAL_YEARS } from '@metocean/core';
import { REPORT_PART_LABELS, type ReportPart } from '@metocean/contracts';
import { chart, smallRoses } from './charts';
import { fmt, MONTHS } from './format';
import {
  mainField,
  partFields,
  resultOf,
  statIdWithPrefix,
  type PointSummary,
  type ReportData,
  type ReportPoint,
} from './data';
import type { ReportPdf } from './pdf';
import {
  NO_DATASET_NOTE,
  PERSISTENCE_DURATIONS_H,
  PERSISTENCE_LIMITS_M,
  type Persistence,
} from './persistence';
import type { ReportScope } from './scope';

interface Describe {
  count: number;
  mean: number;
  min: number;
  std: number;
  max: number;
  percentiles: Record<string, number>;
}
interface MonthRow {
  month: number;
  count: number;
  mean: number;
  min: number;
  max: number;
  std: number;
  median: number;
}
interface Rose {
  sectors: number[];
  edges: number[];
  percent: number[][];
  count: number;
}
interface Joint {
  xEdges: number[];
  yEdges: number[];
  counts: number[][];
  count: number;
}
interface Contours {
  density: { tpEdges: number[]; hsEdges: number[]; counts: number[][]; pairs: number };
}

/** Lets the event loop answer the API between the long synchronous steps of a render (charts, windows). */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checked between sections: progress for the poller, and the stop of a cancelled generation. */
export type Checkpoint = (progress: number) => Promise<void>;

/** The valid-step count a dataset's period holds (for the coverage of a field). */
function expectedSteps(data: ReportData, point: ReportPoint): number | undefined {
  const d = point.registered;
  if (!d) return undefined;
  const span = Date.parse(d.meta.dateEnd) - Date.parse(d.meta.dateBegin);
  return Number.isFinite(span) ? Math.floor(span / (d.meta.timeStepSeconds * 1000)) + 1 : undefined;
}

export function summaryRows(data: ReportData, point: ReportPoint, part: ReportPart): string[][] {
  const total = expectedSteps(data, point);
  const main = mainField(point, part);
  const fields = partFields(point, part).sort((a, b) => Number(b === main) - Number(a === main));
  return fields.flatMap((field) => {
    const d = resultOf<{ describe: Describe }>(point, `EPD__${field.field}`)?.describe;
    if (!d) return [];
    return [
      [
        `${field.field} (${field.units})`,
        String(d.count),
        total ? fmt((100 * d.count) / total, 1) : '—',
        fmt(d.mean),
        fmt(d.std),
        fmt(d.percentiles['50']),
        fmt(d.percentiles['90']),
        fmt(d.percentiles['95']),
        fmt(d.percentiles['99']),
        fmt(d.max),
      ],
    ];
  });
}

/** Per month (and the year) the % of time below each class edge of the rose, summed over the sectors. */
export function monthlyNonExceedance(
  annual: Rose,
  monthly: (Rose & { month: number })[],
): { edges: number[]; rows: string[][] } {
  const edges = annual.edges.slice(1);
  const row = (label: string, rose: Rose) => {
    const classes = rose.edges.map((_, k) => rose.percent.reduce((s, sector) => s + (sector[k] ?? 0), 0));
    let cumulative = 0;
    return [label, ...edges.map((_, k) => fmt((cumulative += classes[k]!), 1))];
  };
  return { edges, rows: [...monthly.map((m) => row(MONTHS[m.month - 1]!, m)), row('Year', annual)] };
}

export function directionalNonExceedance(joint: Joint, thresholds: number[]): string[][] {
  const sectorCount = joint.yEdges.length - 1;
  return Array.from({ length: sectorCount }, (_, j) => {
    const centre = (joint.yEdges[j]! + joint.yEdges[j + 1]!) / 2;
    const inSector = joint.counts.reduce((s, row) => s + (row[j] ?? 0), 0);
    const below = thresholds.map((t) => {
      let n = 0;
      joint.counts.forEach((row, i) => {
        if (joint.xEdges[i + 1]! <= t + 1e-9) n += row[j] ?? 0;
      });
      return inSector > 0 ? fmt((100 * n) / inSector, 1) : '—';
    });
    return [`${fmt(((centre % 360) + 360) % 360, 1)}°`, fmt((100 * inSector) / joint.count, 2), ...below];
  });
}

/** The Hs–Tp occurrence in per mille on 0.5 m × 1 s classes (merged from the contour model's cells). */
export function scatterTable(c: Contours): { header: string[]; rows: string[][] } {
  const { hsEdges, tpEdges, counts, pairs } = c.density;
  const hsStep = 2;
  const tpStep = 2;
  const nh = Math.ceil((hsEdges.length - 1) / hsStep);
  const nt = Math.ceil((tpEdges.length - 1) / tpStep);
  const grid = Array.from({ length: nh }, () => new Array<number>(nt).fill(0));
  counts.forEach((row, t) =>
    row.forEach((n, h) => (grid[Math.floor(h / hsStep)]![Math.floor(t / tpStep)]! += n)),
  );
  const usedT = Array.from({ length: nt }, (_, t) => grid.some((r) => r[t]! > 0));
  const firstT = usedT.indexOf(true);
  const lastT = usedT.lastIndexOf(true);
  const tps = Array.from({ length: lastT - firstT + 1 }, (_, k) => firstT + k);
  const header = [
    'Hs \\ Tp (s)',
    ...tps.map((t) => `${tpEdges[t * tpStep]}–${tpEdges[Math.min((t + 1) * tpStep, tpEdges.length - 1)]}`),
    'Σ',
  ];
  const rows: string[][] = [];
  grid.forEach((row, h) => {
    const sum = row.reduce((a, b) => a + b, 0);
    if (sum === 0) return;
    const cell = (n: number) => (n === 0 ? '' : fmt((1000 * n) / pairs, 1));
    rows.push([
      `${hsEdges[h * hsStep]}–${hsEdges[Math.min((h + 1) * hsStep, hsEdges.length - 1)]}`,
      ...tps.map((t) => cell(row[t]!)),
      fmt((1000 * sum) / pairs, 1),
    ]);
  });
  rows.push([
    'Σ',
    ...tps.map((t) => fmt((1000 * grid.reduce((s, r) => s + r[t]!, 0)) / pairs, 1)),
    fmt((1000 * grid.flat().reduce((a, b) => a + b, 0)) / pairs, 1),
  ]);
  return { header, rows };
}

/**
 * The persistence tables of each point and field, computed once per report: render.ts draws the report
 * twice (a layout pass, then the writing pass) with the same ReportData, and the tables (20 WW/WD runs and
 * 20 bootstrap runs per point) cost seconds on a 40-year record. A statistics thread computes them
 * (persistence.ts, asked through `data.persistence`); the body asks for the next point's before it draws a
 * point (`persistenceAhead`), so they are ready when the drawing gets there. Keyed by the report's data, so
 * they live as long as the report; the rows are small strings.
 */
const persistenceMemo = new WeakMap<ReportData, Map<string, Promise<Persistence>>>();

export function persistenceOf(data: ReportData, point: PointSummary, field: string): Promise<Persistence> {
  let memo = persistenceMemo.get(data);
  if (!memo) persistenceMemo.set(data, (memo = new Map<string, Promise<Persistence>>()));
  const key = `${point.point.id}|${field}`;
  let tables = memo.get(key);
  if (!tables) {
    tables = point.source ? data.persistence(point, field) : Promise.resolve({ note: NO_DATASET_NOTE });
    memo.set(key, tables);
  }
  return tables;
}

/**
 * Asks for a point's persistence tables ahead of its drawing (a waves part's main field only). A failure
 * is the drawing's to report when it awaits them; here it is only kept from being an unhandled rejection.
 */
function persistenceAhead(data: ReportData, scope: ReportScope, point: PointSummary | undefined): void {
  if (!point || !scope.parts.includes('waves') || !scope.pointsOf('waves').includes(point)) return;
  const main = mainField(point, 'waves');
  if (main) persistenceOf(data, point, main.field).catch(() => undefined);
}

/** Space the "Persistence" heading keeps below it: its paragraph and the first table's head and rows. */
const PERSISTENCE_KEEP = 200;

async function persistence(
  pdf: ReportPdf,
  data: ReportData,
  point: ReportPoint,
  field: string,
): Promise<void> {
  pdf.heading('Persistence', 3, PERSISTENCE_KEEP);
  const section = await persistenceOf(data, point, field);
  if ('note' in section) {
    pdf.note(section.note);
    return;
  }
  pdf.paragraph(
    `Probability (%) that a window of D hours with ${field} strictly below the limit starts in the month (weather windows), and the waiting time (h) to the start of such a window, P10/P50/P90 (weather downtime: Kaplan–Meier over every start, a start whose search meets missing data counted as "waited at least c h"; ">x" where the curve never reaches the percentile within the x hours followed). Same engine as the WW and WD statistics, at the limits ${PERSISTENCE_LIMITS_M.join(', ')} m. Below each table, the 90 % interval of the P50 and P90 waits (h): year-block bootstrap, the years with data in the month drawn with replacement (1,000 resamples, seed 1), with the years it rests on; ">x" where over 5 % of the resamples never reach the percentile (more than x h); none under ${MIN_INTERVAL_YEARS} years.`,
    { size: 9 },
  );
  for (const { limit, rows, intervals } of section.tables) {
    pdf.table(
      [
        { header: 'Month', width: 40 },
        // two lines: the window's length, then what the cell holds and in which units
        ...PERSISTENCE_DURATIONS_H.map((d) => ({
          header: `${d} h window\nP (%) · wait\nP10/P50/P90 (h)`,
          width: 91,
        })),
      ],
      rows,
      { caption: `${field} < ${limit.toFixed(1)} m`, size: 7.5 },
    );
    if ('note' in intervals) pdf.note(intervals.note);
    else
      pdf.table(
        [
          { header: 'Month', width: 40 },
          { header: 'Years', width: 30 },
          ...PERSISTENCE_DURATIONS_H.map((d) => ({
            header: `${d} h window\n90 % interval (h)\nP50 · P90`,
            width: 85,
          })),
        ],
        intervals.rows,
        { caption: `${field} < ${limit.toFixed(1)} m: waiting-time intervals`, size: 7 },
      );
  }
}

export async function operabilityPart(
  pdf: ReportPdf,
  data: ReportData,
  point: ReportPoint,
  part: ReportPart,
): Promise<void> {
  const main = mainField(point, part);
  pdf.heading(`${point.point.name} — ${REPORT_PART_LABELS[part]}`, 2);
  // the bodies draw only the parts a point's data hold (scope.ts)
  if (!main) throw new Error(`${point.point.name} holds no ${part} field`);
  const f = main.field;
  pdf.heading('Summary', 3);
  pdf.table(
    [
      { header: 'Field', width: 95, align: 'left' },
      { header: 'N', width: 45 },
      { header: 'Cover. %', width: 50 },
      { header: 'Mean', width: 40 },
      { header: 'Std', width: 40 },
      { header: 'P50', width: 40 },
      { header: 'P90', width: 40 },
      { header: 'P95', width: 40 },
      { header: 'P99', width: 40 },
      { header: 'Max', width: 40 },
    ],
    summaryRows(data, point, part),
  );
  pdf.heading('Monthly and annual statistics', 3, 230);
  chart(pdf, point, `EPD_month__${f}`, 230);
  await breathe();
  const months = resultOf<MonthRow[]>(point, `EPD_month__${f}`);
  const annual = resultOf<{ describe: Describe }>(point, `EPD__${f}`)?.describe;
  if (months)
    pdf.table(
      ['Month', 'N', 'Mean', 'Std', 'Min', 'Median', 'Max'].map((h, i) => ({
        header: h,
        width: i === 0 ? 60 : 60,
      })),
      [
        ...months.map((m) => [
          MONTHS[m.month - 1]!,
          String(m.count),
          fmt(m.mean),
          fmt(m.std),
          fmt(m.min),
          fmt(m.median),
          fmt(m.max),
        ]),
        ...(annual
          ? [
              [
                'Year',
                String(annual.count),
                fmt(annual.mean),
                fmt(annual.std),
                fmt(annual.min),
                fmt(annual.percentiles['50']),
                fmt(annual.max),
              ],
            ]
          : []),
      ],
      { caption: `${f} (${main.units}) per month` },
    );
  const roseId = statIdWithPrefix(point, `DR__${f}__`);
  const monthlyRoseId = statIdWithPrefix(point, `DR_month__${f}__`);
  const rose = roseId ? resultOf<Rose>(point, roseId) : undefined;
  const monthlyRoses = monthlyRoseId
    ? resultOf<(Rose & { month: number })[]>(point, monthlyRoseId)
    : undefined;
  pdf.heading('Non-exceedance', 3);
  if (rose && monthlyRoses) {
    const table = monthlyNonExceedance(rose, monthlyRoses);
    pdf.table(
      [
        { header: 'Month', width: 60 },
        ...table.edges.map((e) => ({ header: `< ${e} ${main.units}`, width: 70 })),
      ],
      table.rows,
      { caption: `Monthly and annual non-exceedance of ${f} (% of time)` },
    );
  } else pdf.note(`no stored rose of ${f}: the monthly non-exceedance table is left out.`);
  const jointId = statIdWithPrefix(point, `EJPD__${f}__`);
  const joint = jointId ? resultOf<Joint>(point, jointId) : undefined;
  if (joint) {
    const thresholds = joint.xEdges.filter((e) => e > 0 && Number.isInteger(e)).slice(0, 6);
    pdf.table(
      [
        { header: 'Sector', width: 55 },
        { header: 'Occur. %', width: 65 },
        ...thresholds.map((t) => ({ header: `< ${t} ${main.units}`, width: 55 })),
      ],
      directionalNonExceedance(joint, thresholds),
      { caption: `Directional non-exceedance of ${f} (% of the time in the sector)` },
    );
  } else
    pdf.note(`no stored joint distribution of ${f} with a direction: the directional table is left out.`);
  pdf.heading('Roses', 3, 320);
  if (roseId) chart(pdf, point, roseId, 320);
  await breathe();
  if (monthlyRoses && rose) {
    pdf.doc.addPage();
    pdf.paragraph(
      `Monthly distribution roses of ${f} (% of the month's steps; north at the top, directions coming from; classes and scale as the annual rose)`,
      { bold: true, size: 9 },
    );
    smallRoses(pdf, monthlyRoses, main.units);
  } else pdf.note(`no stored monthly roses of ${f}.`);
  if (data.report.monthly && monthlyRoses) {
    pdf.heading('Monthly distributions', 3);
    for (const m of monthlyRoses) {
      pdf.table(
        [
          { header: 'Sector', width: 55 },
          ...m.edges.map((e, k) => ({
            header: k + 1 < m.edges.length ? `${e}–${m.edges[k + 1]}` : `≥ ${e}`,
            width: 60,
          })),
        ],
        m.sectors.map((s, j) => [`${fmt(s, 1)}°`, ...m.edges.map((_, k) => fmt(m.percent[j]?.[k], 2))]),
        {
          caption: `${MONTHS[m.month - 1]}: ${f} (${main.units}) by direction sector, % of the month's ${m.count} steps`,
          size: 7.5,
        },
      );
    }
  }
  if (part === 'waves') {
    pdf.heading('Hs–Tp scatter table', 3);
    const contoursId = statIdWithPrefix(point, `ENVC__${f}__`);
    const contours = contoursId ? resultOf<Contours>(point, contoursId) : undefined;
    if (contours) {
      const table = scatterTable(contours);
      pdf.table(
        table.header.map((h, i) => ({ header: h, width: i === 0 ? 44 : 30 })),
        table.rows,
        {
          caption: `Occurrence of ${f} and its peak period, per mille of ${contours.density.pairs} sea states, with marginal sums`,
          size: 6.5,
        },
      );
    } else pdf.note('no stored Hs–Tp joint occurrence at this point: the scatter table is left out.');
    await persistence(pdf, data, point, f);
  }
}

/** Per point: mean and P90, dominant sectors, calmest and roughest months, workable % per month. */
export function conclusionRows(
  point: ReportPoint,
  part: ReportPart,
  workableBelow: number,
): string[][] | undefined {
  const main = mainField(point, part);
  if (!main) return undefined;
  const f = main.field;
  const d = resultOf<{ describe: Describe }>(point, `EPD__${f}`)?.describe;
  const months = resultOf<MonthRow[]>(point, `EPD_month__${f}`);
  const roseId = statIdWithPrefix(point, `DR__${f}__`);
  const rose = roseId ? resultOf<Rose>(point, roseId) : undefined;
  const monthlyId = statIdWithPrefix(point, `DR_month__${f}__`);
  const monthly = monthlyId ? resultOf<(Rose & { month: number })[]>(point, monthlyId) : undefined;
  const sectors = rose
    ? rose.sectors
        .map((s, j) => ({ s, p: rose.percent[j]!.reduce((a, b) => a + b, 0) }))
        .sort((a, b) => b.p - a.p)
        .slice(0, 2)
        .map((x) => `${fmt(x.s, 1)}° (${fmt(x.p, 1)} %)`)
        .join(', ')
    : '—';
  const byMean = months ? [...months].sort((a, b) => a.mean - b.mean) : [];
  const rows: string[][] = [
    ['Mean', `${fmt(d?.mean)} ${main.units}`],
    ['P90', `${fmt(d?.percentiles['90'])} ${main.units}`],
    ['Dominant sectors (from)', sectors],
    [
      'Calmest month (lowest mean)',
      byMean[0] ? `${MONTHS[byMean[0].month - 1]} (${fmt(byMean[0].mean)} ${main.units})` : '—',
    ],
    [
      'Roughest month (highest mean)',
      byMean.at(-1) ? `${MONTHS[byMean.at(-1)!.month - 1]} (${fmt(byMean.at(-1)!.mean)} ${main.units})` : '—',
    ],
  ];
  if (monthly && rose) {
    const k = rose.edges.indexOf(workableBelow);
    if (k > 0) {
      const workable = monthly.map(
        (m) =>
          `${MONTHS[m.month - 1]} ${fmt(
            m.percent.reduce((s, sector) => s + sector.slice(0, k).reduce((a, b) => a + b, 0), 0),
            0,
          )}`,
      );
      rows.push([`Workable % (${f} < ${workableBelow} ${main.units})`, workable.join(' · ')]);
    }
  }
  return rows;
}

export async function operabilityBody(
  pdf: ReportPdf,
  data: ReportData,
  scope: ReportScope,
  checkpoint: Checkpoint,
): Promise<void> {
  pdf.heading('Statistics', 1);
  // only what the data hold gets a section: a part a point lacks is named once, not given an empty heading
  for (const sentence of scope.leftOut) pdf.note(sentence);
  const steps = scope.parts.reduce((n, part) => n + scope.pointsOf(part).length, 0);
  let done = 0;
  // each point's results are read for its section and let go after it: its conclusion is kept as text
  const conclusions: { title: string; rows: string[][] }[] = [];
  for (const [i, summary] of data.points.entries()) {
    const parts = scope.parts.filter((part) => scope.pointsOf(part).includes(summary));
    if (parts.length === 0) continue;
    // this point's persistence tables and the next one's computing in the statistics threads meanwhile
    persistenceAhead(data, scope, summary);
    persistenceAhead(data, scope, data.points[i + 1]);
    const point = await data.load(summary);
    for (const part of parts) {
      await operabilityPart(pdf, data, point, part);
      done++;
      await checkpoint(10 + Math.round((80 * done) / steps));
    }
    for (const part of parts) {
      const rows = conclusionRows(point, part, 2);
      if (rows) conclusions.push({ title: `${point.point.name} — ${REPORT_PART_LABELS[part]}`, rows });
    }
  }
  pdf.heading('Conclusion', 1);
  for (const { title, rows } of conclusions) {
    pdf.heading(title, 2);
    pdf.table(
      [
        { header: 'Item', width: 150, align: 'left' },
        { header: 'Value', width: 345, align: 'left' },
      ],
      rows,
    );
  }
}
