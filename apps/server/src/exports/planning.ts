// The download of an AWD planning (issue 22): a zip with the Excel output of each selected format, the same
// numbers as NetCDF4 (results.nc) and as a MAT-file (results.mat: one struct per breakdown, one field per data set holding a percentile ×
// period matrix for the whole sequence and a trip × percentile × period array) and as JSON, and the audit
// stamp (data version, rules version, settings) in stamp.json.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import JSZip from 'jszip';
import type { AlphaSummary, PlanResults } from '@metocean/core';
import { BREAKDOWNS } from '@metocean/core';
import {
  PLANNING_OUTPUT_FORMATS,
  planningOutputName,
  planningOutputWorkbook,
  writeNetcdf4,
  type NetcdfContent,
  type PlanningOutputFormat,
} from '@metocean/hindcast';
import type { PlanningSettings } from '@metocean/contracts';
import { HttpError } from '../http/errors';
import type { Caller, Services } from '../services/context';
import { planningFor } from '../services/downtimes';
import { char, struct, writeMat, type MatValue } from './mat';

const DATASETS = [
  'distribsOfAllDurations',
  'distribsOfAllDelay',
  'distribsOfDowntimePercent',
  'distribsOfNoDowntimeRatio',
] as const;

function matResults(results: PlanResults): [string, MatValue][] {
  const variables: [string, MatValue][] = [];
  for (const breakdown of BREAKDOWNS) {
    const b = results[breakdown];
    const P = b.percentiles.length;
    const T = results.trips.length;
    const N = b.periods.length;
    const fields: [string, MatValue][] = [
      ['percentiles', { kind: 'numeric', dims: [1, P], data: Float64Array.from(b.percentiles) }],
      ['periods', { kind: 'cell', dims: [1, N], items: b.periods.map(char) }],
      ['trips', { kind: 'cell', dims: [1, T], items: results.trips.map(char) }],
      [
        'starts',
        { kind: 'numeric', dims: [1, N], data: Float64Array.from(b.periods, (p) => b.starts[p] ?? 0) },
      ],
    ];
    for (const name of DATASETS) {
      const d = b[name];
      // MATLAB's column-major order: the first index varies fastest
      const whole = new Float64Array(P * N);
      const trips = new Float64Array(T * P * N);
      b.percentiles.forEach((p, i) =>
        b.periods.forEach((period, j) => {
          whole[i + P * j] = d.wholeSequenceScenarios[`P${p}`]?.[period] ?? NaN;
          results.trips.forEach((trip, k) => {
            trips[k + T * (i + P * j)] = d.tripsScenarios[trip]?.[period]?.[`P${p}`] ?? NaN;
          });
        }),
      );
      fields.push([
        name,
        struct([
          ['wholeSequence', { kind: 'numeric', dims: [P, N], data: whole }],
          ['trips', { kind: 'numeric', dims: [T, P, N], data: trips }],
        ]),
      ]);
    }
    variables.push([breakdown, struct(fields)]);
  }
  variables.push(['censored', { kind: 'numeric', dims: [1, 1], data: Float64Array.of(results.censored) }]);
  return variables;
}

const UNITS: Record<(typeof DATASETS)[number], string> = {
  distribsOfAllDurations: 'h',
  distribsOfAllDelay: 'h',
  distribsOfDowntimePercent: '%',
  distribsOfNoDowntimeRatio: '%',
};

/** The same numbers as NetCDF4 (results.nc): per breakdown and data set, percentile × period and trip × percentile × period. */
async function netcdfBytes(results: PlanResults): Promise<Buffer> {
  const first = results.MONTHLY;
  const content: NetcdfContent = {
    attrs: {
      title: 'AWD planning results',
      rules_version: results.rulesVersion,
      censored_starts: results.censored,
      total_starts: results.totalStarts,
      record: `${results.period.start} to ${results.period.end}`,
    },
    dimensions: [
      { name: 'percentile', values: Float64Array.from(first.percentiles), attrs: { units: 'percent' } },
      { name: 'trip', length: results.trips.length },
      ...BREAKDOWNS.map((b) => ({ name: `period_${b}`, length: results[b].periods.length })),
    ],
    variables: [{ name: 'trip_id', dims: ['trip'], values: [...results.trips] }],
  };
  for (const breakdown of BREAKDOWNS) {
    const b = results[breakdown];
    const dim = `period_${breakdown}`;
    content.variables.push({ name: `${dim}_label`, dims: [dim], values: [...b.periods] });
    for (const name of DATASETS) {
      const d = b[name];
      const whole = Float64Array.from(
        b.percentiles.flatMap((p) =>
          b.periods.map((period) => d.wholeSequenceScenarios[`P${p}`]?.[period] ?? NaN),
        ),
      );
      const trips = Float64Array.from(
        results.trips.flatMap((trip) =>
          b.percentiles.flatMap((p) =>
            b.periods.map((period) => d.tripsScenarios[trip]?.[period]?.[`P${p}`] ?? NaN),
          ),
        ),
      );
      content.variables.push(
        {
          name: `${breakdown}_${name}`,
          dims: ['percentile', dim],
          values: whole,
          attrs: { units: UNITS[name] },
        },
        {
          name: `${breakdown}_${name}_trips`,
          dims: ['trip', 'percentile', dim],
          values: trips,
          attrs: { units: UNITS[name] },
        },
      );
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'planning-nc-'));
  try {
    const file = path.join(dir, 'results.nc');
    await writeNetcdf4(file, content);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function matBytes(results: PlanResults): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => out.on('end', resolve));
  await writeMat(matResults(results), out);
  await done;
  return Buffer.concat(chunks);
}

export async function planningArchive(
  name: string,
  results: PlanResults,
  formats: readonly PlanningOutputFormat[],
  stamp: {
    points: { name: string; source: string }[];
    settings: Record<string, unknown>;
    rulesVersion: string;
    /** The alpha table the limits were factored with (issue 32); null: none. */
    alpha: AlphaSummary | null;
  },
): Promise<Buffer> {
  const zip = new JSZip();
  for (const format of PLANNING_OUTPUT_FORMATS.filter((f) => formats.includes(f)))
    zip.file(
      planningOutputName(name, format),
      await planningOutputWorkbook(results, format, { name, ...stamp }),
    );
  zip.file('results.mat', await matBytes(results));
  zip.file('results.nc', await netcdfBytes(results));
  zip.file('results.json', JSON.stringify(results));
  zip.file(
    'stamp.json',
    JSON.stringify(
      { ...stamp, record: results.period, censored: results.censored, totalStarts: results.totalStarts },
      null,
      2,
    ),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** GET /api/downtimes/{id}/download/: the zip of a FINISHED planning. */
export async function downloadPlanning(
  services: Services,
  caller: Caller,
  id: number,
): Promise<{ fileName: string; body: Buffer }> {
  const { row } = await planningFor(services, caller, id);
  if (row.status !== 'FINISHED' || row.results === null)
    throw new HttpError(409, { nonFieldErrors: ['The planning has no results to download'] });
  const settings = row.settings as PlanningSettings;
  const stamp = row.stamp as {
    points: { name: string; source: string }[];
    rulesVersion: string;
    alpha?: AlphaSummary | null;
  };
  const name = settings.outputDir;
  const body = await planningArchive(name, row.results as PlanResults, settings.formats, {
    points: stamp.points,
    rulesVersion: stamp.rulesVersion,
    settings: { ...settings, fileName: row.fileName },
    alpha: stamp.alpha ?? null,
  });
  return { fileName: `${name.replace(/[^\w.-]+/g, '_') || 'planning'}.zip`, body };
}
