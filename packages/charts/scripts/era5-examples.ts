// Writes the payloads of the /examples and /help/statistics pages: the product's statistics run by the
// engine on the real ERA5 record shipped with the demo (South China Sea, 2000-2010), turned into
// visualisation payloads exactly as the API does. Run: npx tsx packages/charts/scripts/era5-examples.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { overview, statisticOf, type StatisticTarget } from '@metocean/core';
import { parseCsvSeries } from '@metocean/hindcast';
import { visuPayloadOf, type FieldInfo } from '../src';
import { statIdOf, toStoredJson } from '@metocean/contracts';

const csv = fileURLToPath(
  new URL(
    '../../../apps/server/assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv',
    import.meta.url,
  ),
);
const out = fileURLToPath(
  new URL('../../../apps/web/src/features/examples/era5-examples.json', import.meta.url),
);

const series = parseCsvSeries([readFileSync(csv, 'utf8')]);
const fields = toStoredJson(overview(series)) as FieldInfo[];
const dataset = {
  name: 'ERA5 South China Sea (point 15.51 N 109.94 E)',
  notes: 'ECMWF ERA5 reanalysis',
  synthetic: false,
};
const node = { lat: 15.509, lon: 109.939, distanceKm: 0 };

const runs: [string, StatisticTarget][] = [
  ['TS', { field: 'swh' }],
  ['EPD', { field: 'swh' }],
  ['EPD_month', { field: 'swh' }],
  ['APD', { field: 'swh' }],
  ['DR', { field: 'swh', partner: 'mwd' }],
  ['DR_month', { field: 'swh', partner: 'mwd' }],
  ['EJPD', { field: 'swh', partner: 'mwd' }],
  ['WW', { field: 'swh' }],
  ['WD', { field: 'swh' }],
  ['EXT', { field: 'swh' }],
  ['ENVC', { field: 'swh', partner: 'pp1d' }],
];

const payloads = runs.map(([id, target]) => {
  const statistic = statisticOf(id);
  const statId = statIdOf(id, target);
  // WD and WW as stored once their intervals were asked for (computed on request since issue 31, session
  // 30, and issue 34, session 31)
  const options = id === 'WD' ? { waitIntervals: true } : id === 'WW' ? { probabilityIntervals: true } : {};
  const result = toStoredJson(statistic.compute(series, target, options));
  return visuPayloadOf({ statId, code: statistic.code, payload: { target, dataset, node, result } }, fields);
});
writeFileSync(out, `${JSON.stringify(payloads)}\n`);
console.log(
  `${payloads.length} payloads, ${(JSON.stringify(payloads).length / 1024).toFixed(0)} kB -> ${out}`,
);
