// The buoy comparison's download (issue 30: the satellite comparison had a zip and a PNG, the buoy one
// nothing): a zip of README.txt (project, point, buoy, hindcast node, the pairing rule), pairs.csv (one row
// per pair and variable) and metrics.csv (one row per variable, with the scatter line). The PNG is drawn by
// the browser from the chart on screen, with the same heading.
import JSZip from 'jszip';
import { COMPARISON_METRICS, satelliteFileName, type BuoyComparison } from '@metocean/contracts';
import { eq } from 'drizzle-orm';
import type { Collocated } from '@metocean/core';
import { projects } from '../db/schema';
import { buoyComparison } from '../services/buoys';
import type { Caller, Services } from '../services/context';

function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
const csv = (rows: (string | number | null)[][]) => rows.map((r) => r.map(cell).join(',')).join('\n') + '\n';

/** "Project - Point - Buoy", the name of the zip and of the PNG. */
export function buoyComparisonName(project: string, comparison: BuoyComparison): string {
  return `${project} - ${comparison.point.name} - ${comparison.buoy.name}`;
}

export async function downloadBuoyComparison(
  services: Services,
  caller: Caller,
  id: number,
  query: { project: number; point: number; runs?: string | undefined },
): Promise<{ fileName: string; body: Buffer }> {
  const pairs = new Map<string, Collocated>();
  const comparison = await buoyComparison(services, caller, id, query, pairs);
  const [project] = await services.db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, query.project));
  const projectName = project?.name ?? `project ${query.project}`;
  const { buoy, point, node, dataset } = comparison;
  const readme = [
    `Buoy comparison of project "${projectName}", point "${point.name}" (lat ${point.lat}, lon ${point.lng}), with buoy ${buoy.name} (${comparison.distanceKm.toFixed(2)} km away).`,
    `Hindcast: ${dataset.name}${dataset.synthetic ? ' (synthetic demo hindcast: not for engineering use)' : ''}, node lat ${node.lat}, lon ${node.lon} (${node.distanceKm.toFixed(2)} km from the point).`,
    'Pairs: the hours both the hindcast and the buoy hold a value (exact hourly timestamps, no interpolation; -999, NaN and infinite values are missing).',
    'pairs.csv: variable, units, time (UTC, ISO 8601), model and measure in the variable units.',
    "metrics.csv: per variable, the pairs, the hours on both time axes, the first and last pair and the metrics (bias = mean(model - measure)); bias, rmse and intercept in the variable units, pbias in %, dir_bias and dir_rmse in degrees, the others without units; slope, intercept and r2: the least-squares line of the measure on the model over the pairs where both are non-zero (the scatter plot's line); empty where undefined.",
  ].join('\n');
  const pairRows: (string | number | null)[][] = [['variable', 'units', 'time', 'model', 'measure']];
  for (const variable of comparison.variables) {
    const kept = pairs.get(variable.name);
    kept?.time.forEach((t, i) =>
      pairRows.push([
        variable.name,
        variable.units,
        new Date(t).toISOString(),
        kept.model[i]!,
        kept.measure[i]!,
      ]),
    );
  }
  const metricNames = COMPARISON_METRICS.filter((name) =>
    comparison.variables.some((v) => name in v.metrics),
  );
  const metricRows: (string | number | null)[][] = [
    ['variable', 'units', 'pairs', 'timestamps', 'first', 'last', ...metricNames, 'slope', 'intercept', 'r2'],
    ...comparison.variables.map((v) => [
      v.name,
      v.units,
      v.counts.common,
      v.counts.timestamps,
      v.period.from,
      v.period.to,
      ...metricNames.map((name) => (name in v.metrics ? (v.metrics[name] ?? null) : null)),
      v.scatter.linregress.slope,
      v.scatter.linregress.intercept,
      v.scatter.linregress.r2,
    ]),
  ];
  const zip = new JSZip();
  const date = new Date();
  zip.file('README.txt', readme + '\n', { date });
  zip.file('pairs.csv', csv(pairRows), { date });
  zip.file('metrics.csv', csv(metricRows), { date });
  const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { fileName: satelliteFileName(buoyComparisonName(projectName, comparison), 'zip'), body };
}
