// The Design report (extreme statistics): per point and part the omnidirectional, directional and monthly
// return values with their 90 % intervals, the fit figure and parameters, the Tp associated with extreme Hs (the median of
// the stored Hs–Tp joint model), the environmental contours, current and water-level extremes where stored.
import { sectorName } from '@metocean/charts';
import { CONTOUR_BAND_ON_REQUEST, lawName as coreLawName } from '@metocean/core';
import { MISSING_VALUE, REPORT_PART_LABELS, type ReportPart } from '@metocean/contracts';
import { chart } from './charts';
import { fmt, MONTHS } from './format';
import { contourFlags, monthFlags } from './design-flags';
import { mainField, resultOf, statIdWithPrefix, type ReportData, type ReportPoint } from './data';
import { breathe, type Checkpoint } from './operability';
import type { ReportPdf } from './pdf';
import type { ReportScope } from './scope';

/** Under the contours when their band was not asked for (it is computed on request: issue 34). */
export const CONTOUR_BAND_NOT_COMPUTED =
  'band not computed: switch "Band" on under these contours in the Analyze tab (computed once, in about a second per wave height), then generate the report again to draw it.';

export const DESIGN_RETURN_PERIODS = [1, 10, 50, 100];

interface ReturnValue {
  returnPeriod: number;
  value: number;
  lower: number;
  upper: number;
}
export interface Extreme {
  law: string;
  method: string;
  parameters: { location: number; scale: number; shape: number | null };
  threshold: number | null;
  nPeaks: number;
  poissonLambda: number;
  confidence: number;
  interval: string;
  returnValues: ReturnValue[];
  warnings: string[];
  month?: number;
  /** Set instead of the fit when a month has too few events (monthly extremes). */
  error?: string;
}
/** One stored row of the directional extremes (core's SectorExtremes): a sector, or every direction. */
export interface SectorExtreme {
  sector: number | null;
  width: number;
  events: number;
  poissonLambda: number;
  analysis: Extreme | null;
  error: string | null;
}
interface ContourModel {
  model: { a: number[]; b: number[] };
  contours: { returnPeriod: number; points: { hs: number; tp: number }[] }[];
  /** The year-block bootstrap band (issue 31); absent from results stored before it. */
  band?: { ci: number; resamples: number; years: number; used: number } | null;
  bandNote?: string | null;
}

export function returnValueCells(extreme: Extreme): string[] {
  return DESIGN_RETURN_PERIODS.map((T) => {
    const rv = extreme.returnValues?.find((r) => r.returnPeriod === T);
    if (!rv || rv.value === MISSING_VALUE) return '—';
    return `${fmt(rv.value)} [${fmt(rv.lower)}, ${fmt(rv.upper)}]`;
  });
}

/** The median Tp given Hs of the DNV-RP-C205 §3.6.3 joint model: exp(a0 + a1·Hs^a2). */
export function associatedTp(model: ContourModel['model'], hs: number): number {
  const [a0, a1, a2] = model.a as [number, number, number];
  return Math.exp(a0 + a1 * Math.pow(hs, a2));
}

const lawName = (e: Extreme) =>
  `${e.law.toUpperCase()} (${e.method === 'pot' ? `peaks over ${fmt(e.threshold)}` : 'annual maxima'})`;

function designPart(pdf: ReportPdf, data: ReportData, point: ReportPoint, part: ReportPart): void {
  pdf.heading(`${point.point.name} — ${REPORT_PART_LABELS[part]}`, 2);
  const main = mainField(point, part);
  // the bodies draw only the parts a point's data hold (scope.ts)
  if (!main) throw new Error(`${point.point.name} holds no ${part} field`);
  const f = main.field;
  const ext = resultOf<Extreme>(point, `EXT__${f}`);
  const columns = [
    { header: '', width: 95, align: 'left' as const },
    ...DESIGN_RETURN_PERIODS.map((T) => ({ header: `${T} yr [90 %]`, width: 100 })),
  ];
  pdf.heading('Omnidirectional extremes', 3);
  if (ext) {
    pdf.table(columns, [[`${f} (${main.units})`, ...returnValueCells(ext)]], {
      caption: `Return values of ${f}, ${lawName(ext)}, ${Math.round(ext.confidence * 100)} % interval (${ext.interval})`,
    });
    if (ext.returnValues.some((r) => r.returnPeriod === 1 && r.value === -999))
      pdf.note(
        'the 1-year value of an annual-maxima fit is not defined (its exceedance probability is 1): shown as —.',
      );
    for (const w of ext.warnings) pdf.note(w);
    pdf.table(
      [
        { header: 'Law', width: 120, align: 'left' },
        { header: 'Location', width: 70 },
        { header: 'Scale', width: 70 },
        { header: 'Shape', width: 70 },
        { header: 'Events', width: 60 },
        { header: 'λ (per yr)', width: 60 },
      ],
      [
        [
          lawName(ext),
          fmt(ext.parameters.location, 4),
          fmt(ext.parameters.scale, 4),
          fmt(ext.parameters.shape, 4),
          String(ext.nPeaks),
          fmt(ext.poissonLambda, 3),
        ],
      ],
      { caption: 'Fitted parameters' },
    );
    pdf.heading('Fit', 3, 260);
    chart(pdf, point, `EXT__${f}`, 260);
  } else pdf.note(`no stored extreme estimate of ${f}.`);
  directionalPart(pdf, point, f, main.units);
  pdf.heading('Monthly extremes', 3);
  const monthly = resultOf<Extreme[]>(point, `EXT_month__${f}`);
  if (monthly) {
    const fitted = monthly.find((m) => !m.error);
    pdf.table(
      columns.map((c, i) => (i === 0 ? { ...c, header: 'Month' } : c)),
      monthly.map((m) => [MONTHS[(m.month ?? 1) - 1]!, ...returnValueCells(m)]),
      {
        caption: `Monthly return values of ${f} (${main.units})${fitted ? `, ${lawName(fitted)}` : ''}`,
        size: 7.5,
      },
    );
    for (const m of monthly) {
      const issues = m.error ? [m.error] : (m.warnings ?? []);
      if (issues.length > 0) pdf.note(`${MONTHS[(m.month ?? 1) - 1]}: ${issues.join('; ')}`);
    }
    // a month's return value under its own record maximum is flagged, with the value to carry (issue 30)
    const monthMax = resultOf<{ month: number; max: number }[]>(point, `EPD_month__${f}`);
    for (const flag of monthFlags(
      monthly
        .filter((m) => !m.error && m.month !== undefined)
        .map((m) => ({
          month: m.month!,
          returnValues: m.returnValues,
          recordMax: monthMax?.find((r) => r.month === m.month)?.max ?? null,
        })),
      ext?.returnValues ?? [],
      main.units,
    ))
      pdf.note(flag);
  } else pdf.note(`no stored monthly extremes of ${f}.`);
  if (part === 'waves') {
    const contoursId = statIdWithPrefix(point, `ENVC__${f}__`);
    const contours = contoursId ? resultOf<ContourModel>(point, contoursId) : undefined;
    pdf.heading('Associated Tp and environmental contours', 3);
    if (contours && ext) {
      pdf.table(
        [
          { header: '', width: 95, align: 'left' },
          ...DESIGN_RETURN_PERIODS.map((T) => ({ header: `${T} yr`, width: 100 })),
        ],
        [
          [
            `Tp median (s)`,
            ...DESIGN_RETURN_PERIODS.map((T) => {
              const hs = ext.returnValues.find((r) => r.returnPeriod === T)?.value;
              return hs === undefined || hs === -999 ? '—' : fmt(associatedTp(contours.model, hs));
            }),
          ],
        ],
        {
          caption: `Tp associated with the extreme ${f}: median of ln Tp | Hs of the DNV-RP-C205 joint model`,
        },
      );
      pdf.table(
        [
          { header: 'Return period', width: 100 },
          { header: 'Max Hs (m)', width: 100 },
          { header: 'Tp at max Hs (s)', width: 100 },
        ],
        contours.contours.map((c) => {
          const top = c.points.reduce((a, b) => (b.hs > a.hs ? b : a), c.points[0]!);
          return [`${c.returnPeriod} yr`, fmt(top?.hs), fmt(top?.tp)];
        }),
        { caption: 'IFORM environmental contours' },
      );
      // a contour under the record maximum or the return value is flagged, with the value to carry
      for (const flag of contourFlags(
        contours.contours.map((c) => ({
          returnPeriod: c.returnPeriod,
          maxHs: Math.max(...c.points.map((p) => p.hs)),
        })),
        ext.returnValues,
        resultOf<{ describe: { max: number } }>(point, `EPD__${f}`)?.describe.max ?? null,
        lawName(ext),
        main.units,
      ))
        pdf.note(flag);
      if (contoursId && chart(pdf, point, contoursId, 300)) {
        const band = contours.band;
        if (band)
          pdf.note(
            `shaded: the ${Math.round(100 * band.ci)} % band of each contour, the joint model refitted on ` +
              `${band.resamples} resamples of the ${band.years} calendar years of sea states (whole years drawn ` +
              `with replacement${band.used < band.resamples ? `; ${band.resamples - band.used} gave no contour` : ''}): ` +
              `how sure the fit is from these years, not whether the model's form is right.`,
          );
        else if (contours.bandNote === CONTOUR_BAND_ON_REQUEST) pdf.note(CONTOUR_BAND_NOT_COMPUTED);
        else if (contours.bandNote) pdf.note(`${contours.bandNote}.`);
        else
          pdf.note(
            'no band: these contours were computed before bands were added; recompute the point to get one.',
          );
      }
    } else
      pdf.note('no stored Hs–Tp joint model at this point: the associated Tp and the contours are left out.');
  }
  if (part === 'currents') {
    const id = statIdWithPrefix(point, 'CUREXT__');
    const levels = id
      ? resultOf<{ level: number; field: string; analysis: Extreme | null; error: string | null }[]>(
          point,
          id,
        )
      : undefined;
    if (levels)
      pdf.table(
        [
          { header: 'Level', width: 95, align: 'left' as const },
          ...DESIGN_RETURN_PERIODS.map((T) => ({ header: `${T} yr [90 %]`, width: 100 })),
        ],
        levels.map((l) => [
          `${l.level} m`,
          ...(l.analysis ? returnValueCells(l.analysis) : DESIGN_RETURN_PERIODS.map(() => '—')),
        ]),
        { caption: `Current speed extremes per level (${main.units})` },
      );
    else pdf.note('the dataset has no current profile: no current extremes table.');
    for (const l of levels ?? []) if (l.error) pdf.note(`${l.field}: ${l.error}`);
  }
  if (part === 'waterLevels') {
    const heights = resultOf<{ component: string; analysis: Extreme }[]>(point, 'HEIEXT');
    if (heights)
      pdf.table(
        [
          { header: 'Component', width: 95, align: 'left' as const },
          ...DESIGN_RETURN_PERIODS.map((T) => ({ header: `${T} yr [90 %]`, width: 100 })),
        ],
        heights.map((h) => [h.component, ...returnValueCells(h.analysis)]),
        { caption: `Water height extremes: total level, surge and tide (${main.units})` },
      );
    else pdf.note('the dataset has no water-level fields: no water-level extremes.');
  }
}

/**
 * The directional extremes of a field as stored (EXT_direction: the storm peaks by the sector of the direction
 * at each peak, each sector with its own rate), one row per sector and the row of every direction; a sector
 * with too few storms gives its reason. Results computed before directional extremes existed have none: the
 * section says the point must be recomputed.
 */
function directionalPart(pdf: ReportPdf, point: ReportPoint, f: string, units: string): void {
  pdf.heading('Directional extremes', 3);
  const id = statIdWithPrefix(point, `EXT_direction__${f}__`);
  const sectors = id ? resultOf<SectorExtreme[]>(point, id) : undefined;
  if (!sectors) {
    const stored = id ? point.results.get(id) : undefined;
    if (stored?.error !== undefined) pdf.note(`directional extremes of ${f}: ${stored.error}`);
    else if (statIdWithPrefix(point, `DR__${f}__`))
      pdf.note(
        `no stored directional extremes of ${f}: the point was computed before they existed. Recompute the ` +
          'point to include them.',
      );
    else pdf.note(`the dataset has no direction for ${f}: no directional extremes.`);
    return;
  }
  const direction = id!.split('__')[2];
  const fitted = sectors.find((s) => s.analysis)?.analysis;
  const label = (s: SectorExtreme) => sectorName(s.sector, s.width);
  pdf.table(
    [
      { header: 'Sector', width: 36, align: 'left' },
      { header: 'Storms', width: 36 },
      { header: 'λ (per yr)', width: 50 },
      // the primary law of each sector: the short-record test may make it the exponential
      { header: 'Law', width: 53, align: 'center' },
      ...DESIGN_RETURN_PERIODS.map((T) => ({ header: `${T} yr [90 %]`, width: 80 })),
    ],
    sectors.map((s) => [
      label(s),
      String(s.events),
      fmt(s.poissonLambda, 2),
      s.analysis ? coreLawName(s.analysis.law) : '—',
      ...(s.analysis ? returnValueCells(s.analysis) : DESIGN_RETURN_PERIODS.map(() => '—')),
    ]),
    {
      caption:
        `Directional return values of ${f} (${units}) by the sector of ${direction} at each storm peak` +
        `${fitted ? `, peaks over ${fmt(fitted.threshold)}, ${Math.round(fitted.confidence * 100)} % interval (${fitted.interval})` : ''}`,
      size: 7.5,
    },
  );
  pdf.note(
    `sectors of ${sectors[0]?.width ?? 45}° centred on N, NE, …, directions "coming from"; each storm in the sector of ` +
      'its peak, the sector fitted with its own rate λ (storms per year of the whole record), so its T-year value is ' +
      'exceeded once in T years on average by storms from that sector. Sector values are not scaled to the ' +
      'omnidirectional ones: together the sectors are exceeded more often than once in T years. All: every storm ' +
      'together (the omnidirectional estimate by peaks over threshold).',
  );
  if (sectors.some((s) => s.analysis?.returnValues.some((r) => r.value === MISSING_VALUE)))
    pdf.note('a sector with one storm every T years or fewer (λT ≤ 1) has no T-year value: shown as —.');
  for (const s of sectors) {
    const issues = s.error ? [s.error] : (s.analysis?.warnings ?? []);
    if (issues.length > 0) pdf.note(`${label(s)}: ${issues.join('; ')}`);
  }
}

export async function designBody(
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
  // each point's results are read for its section and let go after it: its design table is kept as text
  const conclusions: { name: string; rows: string[][] }[] = [];
  for (const summary of data.points) {
    const parts = scope.parts.filter((part) => scope.pointsOf(part).includes(summary));
    // a point with no part in the data has no section and no design table (named in the chapter's notes)
    if (parts.length === 0) continue;
    const point = await data.load(summary);
    for (const part of parts) {
      await breathe();
      designPart(pdf, data, point, part);
      await checkpoint(10 + Math.round((80 * ++done) / steps));
    }
    conclusions.push({
      name: point.point.name,
      rows: parts.flatMap((part) => {
        const main = mainField(point, part);
        const ext = main ? resultOf<Extreme>(point, `EXT__${main.field}`) : undefined;
        return main && ext ? [[`${main.field} (${main.units})`, ...returnValueCells(ext)]] : [];
      }),
    });
  }
  pdf.heading('Conclusion', 1);
  for (const { name, rows } of conclusions) {
    pdf.heading(`${name}: design table`, 2);
    if (rows.length === 0) pdf.note('no extreme estimate stored for the selected parts.');
    else
      pdf.table(
        [
          { header: 'Variable', width: 95, align: 'left' },
          ...DESIGN_RETURN_PERIODS.map((T) => ({ header: `${T} yr [90 %]`, width: 100 })),
        ],
        rows,
      );
  }
}
