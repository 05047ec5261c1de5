// The Excel outputs of an AWD planning (issue 22 "Files"; spec 001 §5): one workbook per selected format
// (TOTAL_DURATION, DOWNTIME_DURATION, DOWNTIME_PERCENT, NO_DOWNTIME_RATIO), an About sheet with the audit
// stamp (data, rules version, settings) and one sheet per breakdown (MONTHLY, BIWEEKLY, WEEKLY): the whole
// sequence, then each trip, percentiles down, periods across. Read by the server's download and by
// `metocean planning --out`. Values are written to 0.1 h or 0.1 % (issue 30: no float noise; the About sheet
// says so, and results.json / results.mat keep full precision).
import { loadExcelJS } from './libraries';
import type {
  AlphaSummary,
  BreakdownResults,
  Distribution,
  DistributionIntervals,
  IntervalSettings,
  PlanResults,
} from '@metocean/core';
import { alphaLines, BREAKDOWNS, roundTo } from '@metocean/core';
import { planningPercentileConventions, type PlanningDistributionName } from '@metocean/contracts';
import { catalogueKey } from './cf';

export const PLANNING_OUTPUT_FORMATS = [
  'TOTAL_DURATION',
  'DOWNTIME_DURATION',
  'DOWNTIME_PERCENT',
  'NO_DOWNTIME_RATIO',
] as const;
export type PlanningOutputFormat = (typeof PLANNING_OUTPUT_FORMATS)[number];

const DATASETS: Record<
  PlanningOutputFormat,
  {
    pick: (b: BreakdownResults) => Distribution;
    /** Its data set in the results, whose percentile convention (one shared sentence) the workbook states. */
    dataset: PlanningDistributionName;
    title: string;
    units: string;
    definition: string;
  }
> = {
  TOTAL_DURATION: {
    pick: (b) => b.distribsOfAllDurations,
    dataset: 'distribsOfAllDurations',
    title: 'Total duration',
    units: 'h',
    definition: 'D = end of the last activity − start time, waiting included (type-7 percentile per period).',
  },
  DOWNTIME_DURATION: {
    pick: (b) => b.distribsOfAllDelay,
    dataset: 'distribsOfAllDelay',
    title: 'Weather downtime',
    units: 'h',
    definition: 'W = the weather part of every wait (waiting for working hours excluded).',
  },
  DOWNTIME_PERCENT: {
    pick: (b) => b.distribsOfDowntimePercent,
    dataset: 'distribsOfDowntimePercent',
    title: 'Downtime percent',
    units: '%',
    definition: '100 · W_Pp / D_Pp per period.',
  },
  NO_DOWNTIME_RATIO: {
    pick: (b) => b.distribsOfNoDowntimeRatio,
    dataset: 'distribsOfNoDowntimeRatio',
    title: 'No-downtime ratio',
    units: '%',
    definition: '100 × starts with W = 0 / uncensored starts, per year and period.',
  },
};

/** Decimals of every value of the workbooks: 0.1 h (6 minutes) and 0.1 %. */
const VALUE_DIGITS = 1;
const rounded = (v: number | null | undefined): number | null =>
  v === null || v === undefined ? null : roundTo(v, VALUE_DIGITS);

export interface PlanningStamp {
  name: string;
  /** Point names and the data each was read from (dataset and version, or file). */
  points: { name: string; source: string }[];
  settings: Record<string, unknown>;
  /** The alpha table the limits were factored with (issue 32); null or absent: none. */
  alpha?: AlphaSummary | null;
}

/** The About rows of a planning's alpha factors: the table, its source and note, each factored limit. */
export function alphaAboutRows(alpha: AlphaSummary | null | undefined): string[][] {
  if (!alpha) return [['Alpha factors', 'none (the raw operational limits)']];
  return [
    ['Alpha factors', alpha.name],
    ['Alpha source', alpha.source],
    ...(alpha.note ? [['Alpha note', alpha.note]] : []),
    ...(alpha.factored.length === 0
      ? [['Alpha factored limits', 'none: no environment of the plan limits this parameter']]
      : alphaLines(alpha).map((line) => ['Alpha factored limit', line])),
  ];
}

/** The workbook of one format. */
export async function planningOutputWorkbook(
  results: PlanResults & { intervals?: IntervalSettings },
  format: PlanningOutputFormat,
  stamp: PlanningStamp,
): Promise<Buffer> {
  const spec = DATASETS[format];
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'Metocean Studio';
  const about = workbook.addWorksheet('About');
  const aboutRows: (string | number)[][] = [
    [`${spec.title} (${spec.units})`, stamp.name],
    ['Definition', spec.definition],
    ['Percentiles', planningPercentileConventions[spec.dataset]],
    ['Record', `${results.period.start} to ${results.period.end} (UTC, hourly)`],
    ['Starts', results.totalStarts],
    ['Censored starts (left out: the plan cannot finish before the record ends)', results.censored],
    ['Precision', `values rounded to 0.1 ${spec.units}; results.json and results.mat keep full precision`],
    ['Rules version', results.rulesVersion],
    ...(results.intervals
      ? [
          [
            `Intervals (rows "Pp lower/upper ${Math.round(results.intervals.ci * 100)} %")`,
            `${results.intervals.method}; ${results.intervals.resamples} resamples, seed ${results.intervals.seed}`,
          ],
        ]
      : []),
    ...alphaAboutRows(stamp.alpha),
    ...stamp.points.map((p) => [`Point ${p.name}`, p.source]),
    ['Settings', JSON.stringify(stamp.settings)],
  ];
  aboutRows.forEach((row) => about.addRow(row));
  about.getColumn(1).width = 40;
  about.getColumn(2).width = 80;
  for (const breakdown of BREAKDOWNS) {
    const b = results[breakdown];
    const sheet = workbook.addWorksheet(breakdown);
    const distribution: Distribution & Partial<DistributionIntervals> = spec.pick(b);
    const years = (b as BreakdownResults & { intervalYears?: Record<string, number> }).intervalYears;
    const ci = results.intervals ? `${Math.round(results.intervals.ci * 100)} %` : '';
    // issue 31: each percentile row followed by its interval's lower and upper rows (same periods across)
    const withBounds = (
      label: string,
      values: Record<string, number | null>,
      bound: (period: string) => [number, number] | null | undefined,
    ): [string, Record<string, number | null>][] =>
      years
        ? [
            [label, values],
            [`${label} lower ${ci}`, Object.fromEntries(b.periods.map((p) => [p, bound(p)?.[0] ?? null]))],
            [`${label} upper ${ci}`, Object.fromEntries(b.periods.map((p) => [p, bound(p)?.[1] ?? null]))],
          ]
        : [[label, values]];
    const block = (title: string, rows: [string, Record<string, number | null>][]) => {
      sheet.addRow([`${title} — ${spec.title} (${spec.units})`]).font = { bold: true };
      sheet.addRow(['Percentile', ...b.periods]).font = { bold: true };
      for (const [label, values] of rows) sheet.addRow([label, ...b.periods.map((p) => rounded(values[p]))]);
      sheet.addRow([]);
    };
    block(
      'Whole sequence',
      b.percentiles.flatMap((p) =>
        withBounds(
          `P${p}`,
          distribution.wholeSequenceScenarios[`P${p}`] ?? {},
          (period) => distribution.wholeSequenceIntervals?.[`P${p}`]?.[period],
        ),
      ),
    );
    if (format === 'NO_DOWNTIME_RATIO')
      block('Whole sequence, all years pooled', [['pooled', b.pooledNoDowntimeRatio.wholeSequence]]);
    for (const trip of results.trips) {
      const perPeriod = distribution.tripsScenarios[trip] ?? {};
      block(
        `Trip ${trip}`,
        b.percentiles.flatMap((p) =>
          withBounds(
            `P${p}`,
            Object.fromEntries(b.periods.map((period) => [period, perPeriod[period]?.[`P${p}`] ?? null])),
            (period) => distribution.tripsIntervals?.[trip]?.[period]?.[`P${p}`],
          ),
        ),
      );
    }
    sheet.addRow(['Uncensored starts', ...b.periods.map((p) => b.starts[p] ?? 0)]);
    // the years each interval rests on; under 5 there is none
    if (years) sheet.addRow(['Years (intervals; < 5: none)', ...b.periods.map((p) => years[p] ?? 0)]);
    // issue 31, session 31: a breakdown whose intervals were not computed says why (on request, or stale)
    const note = (b as BreakdownResults & { intervalsNote?: string }).intervalsNote;
    if (!years && note) sheet.addRow([`No interval rows: ${note}`]).font = { italic: true };
    // issue 35: what Pp means, under the tables (the weather window's P50 above its P99 surprises otherwise)
    sheet.addRow([]);
    sheet.addRow([planningPercentileConventions[spec.dataset]]).font = { italic: true };
    sheet.getColumn(1).width = 20;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** File name of a format's workbook: "<outputDir>_<FORMAT>.xlsx" with unsafe characters replaced. */
export function planningOutputName(outputDir: string, format: PlanningOutputFormat): string {
  const base = outputDir.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '') || 'planning';
  return `${base}_${format}.xlsx`;
}

/** A series' fields under the catalogue names the planning reads (swh → hs), current levels also as "current_speed@<depth>". */
export function planningFields(
  fields: Record<string, { values: ArrayLike<number>; variable?: string; level?: number }>,
): Record<string, ArrayLike<number>> {
  const out: Record<string, ArrayLike<number>> = {};
  for (const [key, field] of Object.entries(fields)) {
    const name = catalogueKey(field.variable ?? key, {}) ?? catalogueKey(key, {}) ?? key;
    if (field.level === undefined) out[name] = field.values;
    else {
      out[`${name}@${field.level}`] = field.values;
      // the first level stands for the variable when an environment names no depth
      out[name] ??= field.values;
    }
  }
  return out;
}
