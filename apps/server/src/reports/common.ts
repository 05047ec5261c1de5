// The parts every report shares: cover and summary, introduction, locations (the maps are maps.ts),
// the annexes (databases, methodology) and the audit stamp.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_VERSION,
  BUOY_NEAR_KM,
  COMPARISON_METRICS,
  REPORT_PART_LABELS,
  REPORT_TYPE_LABELS,
  type BuoyComparison,
  type ReportType,
} from '@metocean/contracts';
import { comparisonChart } from './charts';
import type { PointSummary, ReportData, Validation } from './data';
import { A4, type ReportPdf } from './pdf';
import { partList, type ReportScope } from './scope';
import { fmt } from './format';

export const DISCLAIMER =
  'The statistics of this report are computed from hindcast model data at the dataset nodes nearest to the ' +
  'points. Model data carry errors that depend on the model, its forcing and the site; they should be ' +
  'validated against measurements before use in design. The provider accepts no liability for decisions ' +
  'taken on the basis of this report.';

export function datePeriod(data: ReportData): string {
  const periods = data.datasets.map(
    (d) => `${d.meta.dateBegin.slice(0, 10)} to ${d.meta.dateEnd.slice(0, 10)}`,
  );
  return [...new Set(periods)].join('; ') || 'not recorded';
}

export function timeStep(data: ReportData): string {
  const steps = [...new Set(data.datasets.map((d) => d.meta.timeStepSeconds))];
  return (
    steps.map((s) => (s >= 3600 ? `${s / 3600} h` : s >= 60 ? `${s / 60} min` : `${s} s`)).join('; ') || '—'
  );
}

export function typeLabel(type: ReportType): string {
  return REPORT_TYPE_LABELS[type];
}

export function cover(pdf: ReportPdf, data: ReportData, scope: ReportScope, type: ReportType): void {
  const { doc } = pdf;
  doc.rect(0, 0, A4.width, 180).fill('#0b3c5d');
  doc
    .fillColor('white')
    .font('bold')
    .fontSize(26)
    .text(`${typeLabel(type)} report`, 50, 70);
  doc.font('body').fontSize(13).text(data.report.name, 50, 112, { width: pdf.contentWidth });
  doc.fillColor('black').font('body').fontSize(10);
  doc.y = 210;
  const rows: [string, string][] = [
    ['Project', data.access.project.name],
    ['Zone', data.access.zone.name],
    ['Points', data.points.map((p) => p.point.name).join(', ')],
    [
      'Parts',
      scope.parts.map((p) => REPORT_PART_LABELS[p]).join(', ') || 'none: no asked part is in the data',
    ],
    ...(scope.absent.length > 0
      ? [['Not in the data', scope.absent.map((p) => REPORT_PART_LABELS[p]).join(', ')] as [string, string]]
      : []),
    [
      'Datasets',
      data.datasets.map((d) => d.name).join('; ') ||
        [...new Set(data.points.map((p) => p.dataset?.name ?? '—'))].join('; '),
    ],
    ['Period', datePeriod(data)],
    ['Time step', timeStep(data)],
    ['Generated', `${data.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by ${data.author}`],
    ['Product version', `Metocean Studio ${APP_VERSION}`],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('bold').text(label, 50, y, { width: 120 });
    doc.font('body').text(value, 175, y, { width: pdf.contentWidth - 125 });
    doc.moveDown(0.5);
  }
  doc.moveDown(1.5);
  pdf.paragraph('Disclaimer', { bold: true });
  pdf.paragraph(DISCLAIMER, { size: 9 });
  if (data.points.some((p) => p.dataset?.synthetic))
    pdf.note(
      'At least one point reads a synthetic demonstration dataset: its numbers show the method, not the sea.',
    );
}

export function introduction(pdf: ReportPdf, data: ReportData, scope: ReportScope, type: ReportType): void {
  pdf.heading('Introduction', 1);
  pdf.heading('Scope', 2);
  const parts =
    scope.parts.length > 0 ? partList(scope.parts).toLowerCase() : 'no part: none asked is in the data';
  pdf.paragraph(
    type === 'operability'
      ? `This report gives the average (operability) statistics of ${data.points.length} point(s) of project ${data.access.project.name}: distributions, monthly statistics, directional distributions, joint Hs–Tp occurrence and persistence, for ${parts}.`
      : `This report gives the extreme (design) statistics of ${data.points.length} point(s) of project ${data.access.project.name}: return values with their 90 % intervals, the fitted laws, associated periods and environmental contours, for ${parts}.`,
  );
  for (const sentence of scope.leftOut) pdf.paragraph(sentence);
  pdf.heading('Conventions', 2);
  pdf.paragraph('• Times are UTC; months are calendar months, all years pooled.');
  pdf.paragraph(
    '• Directions are "coming from", in degrees clockwise from north; roses use 16 sectors of 22.5° centred on north.',
  );
  pdf.paragraph('• Hs is the spectral significant wave height Hm0; Tp the peak period.');
  pdf.paragraph(
    '• Percentiles use linear interpolation (Hyndman–Fan type 7); standard deviations are sample (n − 1) ones.',
  );
  pdf.paragraph(
    '• A dash (—) marks a value the data cannot give (too few events, no data); it is never replaced by an estimate.',
  );
}

export function locations(pdf: ReportPdf, data: ReportData): void {
  pdf.heading('Locations', 1);
  const resolution = (d: ReportData['points'][number]['registered']) =>
    d ? `${d.meta.spatialResolution} ${d.meta.spatialResolutionUnits}` : '—';
  pdf.table(
    [
      { header: 'Point', width: 80 },
      { header: 'Lat (°N)', width: 50 },
      { header: 'Lon (°E)', width: 50 },
      { header: 'Dataset', width: 150, align: 'left' },
      { header: 'Node °N', width: 45 },
      { header: 'Node °E', width: 45 },
      { header: 'Dist. km', width: 45 },
      { header: 'Grid', width: 50 },
    ],
    data.points.map((p) => [
      p.point.name,
      fmt(p.point.lat, 3),
      fmt(p.point.lng, 3),
      p.dataset?.name ?? '—',
      fmt(p.node?.lat, 3),
      fmt(p.node?.lon, 3),
      fmt(p.node?.distanceKm, 1),
      resolution(p.registered),
    ]),
  );
}

export async function databasesAnnex(pdf: ReportPdf, data: ReportData): Promise<void> {
  pdf.heading('Annex: Databases', 1);
  if (data.datasets.length === 0)
    pdf.note('the datasets named by the stored results are no longer registered.');
  for (const d of data.datasets) {
    pdf.heading(d.name, 2);
    const nodes = data.points.filter((p) => p.registered === d);
    const rows: [string, string][] = [
      ['Provider / source', d.meta.provenance.source || d.origin || '—'],
      ['Licence', d.meta.provenance.licence || '—'],
      ['Model and notes', d.notes || '—'],
      ['Kind', d.kind === 'regional' ? 'High-Resolution (regional)' : 'Global Data'],
      ['Grid', `${d.meta.spatialResolution} ${d.meta.spatialResolutionUnits}`],
      ['Period', `${d.meta.dateBegin.slice(0, 10)} to ${d.meta.dateEnd.slice(0, 10)}`],
      ['Interval', `${d.meta.timeStepSeconds / 3600} h`],
      ['Variables', d.meta.variables.map((v) => `${v.name} (${v.units})`).join(', ')],
      [
        'Node distance',
        nodes.map((p) => `${p.point.name}: ${fmt(p.node?.distanceKm, 1)} km`).join('; ') || '—',
      ],
      [
        'Synthetic',
        d.meta.synthetic
          ? 'yes: a generated demonstration series, not measured or modelled sea states'
          : 'no',
      ],
    ];
    if (d.meta.provenance.citation) rows.push(['Citation', d.meta.provenance.citation]);
    rows.push(['Validation', nodes.map(validationSummary).join('; ') || '—']);
    pdf.table(
      [
        { header: 'Item', width: 120, align: 'left' },
        { header: 'Value', width: 375, align: 'left' },
      ],
      rows.map((r) => [...r]),
      { size: 8.5 },
    );
    // a point's comparisons are read when drawn and let go after (their series are long)
    for (const p of nodes) if (p.buoys.length > 0) validation(pdf, p, await data.validations(p));
  }
}

const km = (distance: number) => `${fmt(distance, 1)} km`;

/** The Validation row of a point: its buoys near, or the sentence saying there is none. */
function validationSummary(p: PointSummary): string {
  if (p.buoys.length === 0)
    return `${p.point.name}: no buoy within ${BUOY_NEAR_KM} km of the point: no validation figure`;
  const names = p.buoys.map((b) =>
    b.compared ? `${b.buoy} (${km(b.distanceKm)})` : `${b.buoy} (${km(b.distanceKm)}, not compared)`,
  );
  return `${p.point.name}: compared with ${names.join(', ')} below`;
}

/** The units a metric is in: the variable's for differences, % for pbias, none for ratios (spec 002 §9). */
function metricUnits(metric: string, units: string): string {
  if (metric === 'pbias') return '%';
  if (['bias', 'rmse', 'dir_bias', 'dir_rmse'].includes(metric)) return units;
  return '';
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/**
 * The buoys near a point against the hindcast at its node, as the validation modal shows them: a line per
 * buoy and variable (distance, period, pairs), the one-row metrics table and the scatter.
 */
function validation(pdf: ReportPdf, p: PointSummary, validations: readonly Validation[]): void {
  for (const v of validations) {
    if (!('comparison' in v)) {
      pdf.paragraph(`${p.point.name} / ${v.buoy} (${km(v.distanceKm)}): not compared: ${v.refusal}.`, {
        size: 9,
      });
      continue;
    }
    comparison(pdf, v.comparison);
  }
}

/** A variable's line, metrics table and scatter, kept on one page. */
const VARIABLE_HEIGHT = 430;

function comparison(pdf: ReportPdf, c: BuoyComparison): void {
  // the heading keeps the lines under it and the first variable (line, table, scatter) on its page
  pdf.heading(`Validation: ${c.point.name} against ${c.buoy.name}`, 3, VARIABLE_HEIGHT + 40);
  pdf.paragraph(
    `Buoy ${c.buoy.name} (${c.buoy.centre}) at ${fmt(c.buoy.latitude, 2)}°N, ${fmt(c.buoy.longitude, 2)}°E, ${km(c.distanceKm)} from ${c.point.name}; hindcast ${c.dataset.name} at its node ${fmt(c.node.lat, 2)}°N, ${fmt(c.node.lon, 2)}°E (${km(c.node.distanceKm)} from the point). Licence: ${c.buoy.licence}.`,
    { size: 9 },
  );
  if (c.dataset.synthetic)
    pdf.note(
      'this zone is served by the synthetic demo hindcast: the comparison shows how the generated series differs from the real buoy, not how a real model performs.',
    );
  for (const variable of c.variables) {
    const metrics = COMPARISON_METRICS.filter((m) => m in variable.metrics);
    const { counts } = variable;
    pdf.ensure(VARIABLE_HEIGHT);
    pdf.paragraph(
      `${variable.name} (${variable.longName}, ${variable.units}): ${counts.common} hours held by both (the pairs) from ${day(variable.period.from)} to ${day(variable.period.to)}; of the ${counts.timestamps} hours on both time axes, ${counts.missingMeasure} have no buoy value and ${counts.missingModel} no hindcast value.`,
      { size: 9 },
    );
    const width = Math.floor(pdf.contentWidth / (metrics.length + 1));
    pdf.table(
      [
        { header: 'n', width, align: 'right' as const },
        ...metrics.map((m) => {
          const units = metricUnits(m, variable.units);
          return { header: units ? `${m} (${units})` : m, width };
        }),
      ],
      [[String(counts.paired), ...metrics.map((m) => fmt(variable.metrics[m], 2))]],
      { size: 8.5 },
    );
    comparisonChart(pdf, variable.scatter, `${variable.name}: ${c.dataset.name} / ${c.buoy.name}`);
  }
}

function methodsDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'docs', 'methods');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** The methodology annex from docs/methods: each page's title, definition and one-line method. */
export function methodologyAnnex(pdf: ReportPdf, pages: readonly string[]): void {
  pdf.heading('Annex: Methodology', 1);
  const dir = methodsDir();
  if (!dir) {
    pdf.note('the method pages (docs/methods) are not installed with this server.');
    return;
  }
  const available = new Set(readdirSync(dir));
  for (const page of pages) {
    if (!available.has(`${page}.md`)) continue;
    const text = readFileSync(path.join(dir, `${page}.md`), 'utf8');
    const title = /^#\s+(.+)$/m.exec(text)?.[1] ?? page;
    pdf.heading(title, 2);
    for (const label of ['Definition', 'Conventions', 'In one line']) {
      const match = new RegExp(`\\*\\*${label}[^*]*\\*\\*([\\s\\S]*?)(?:\\n\\s*\\n|$)`).exec(text);
      if (match) pdf.paragraph(`${label}. ${plain(match[1]!)}`, { size: 9 });
    }
  }
}

/** Markdown to plain text for the PDF: no emphasis marks, no code ticks, one line. */
function plain(markdown: string): string {
  return markdown
    .replace(/\s+/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]*)\*\*/g, '$1')
    .replace(/\*([^*]*)\*/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
}

/** The audit stamp that ends every report; the same text goes into the PDF metadata. */
export function auditText(data: ReportData, type: ReportType, parameters: string): string {
  const datasets = data.datasets.map(
    (d) => `${d.name} (${d.meta.dateBegin.slice(0, 10)}–${d.meta.dateEnd.slice(0, 10)})`,
  );
  return [
    `Report ${data.report.id} '${data.report.name}', ${typeLabel(type)}`,
    `project ${data.access.project.id} '${data.access.project.name}'`,
    `points ${data.points.map((p) => `${p.point.id} ${p.point.name}`).join(', ')}`,
    `computation ${data.report.computationId ?? '—'}`,
    `datasets ${datasets.join('; ') || '—'}`,
    `conventions: UTC; directions coming from, clockwise from N; Hs = Hm0; percentiles type 7; missing values never filled`,
    `parameters: ${parameters}`,
    `generated ${data.generatedAt.toISOString()} by ${data.author}`,
    `Metocean Studio ${APP_VERSION}`,
  ].join(' · ');
}

export function auditStamp(pdf: ReportPdf, text: string): void {
  pdf.heading('Audit stamp', 2);
  pdf.paragraph(text, { size: 8, color: '#333333' });
}
