// Writes the AWD help assets (issue 22 "Files") under apps/web/public/help/advanced_weather_downtime/: the
// planning template, built with exceljs by packages/hindcast/src/planning-template.ts, and a zip of example
// outputs: the template simulated on the ERA5 South China Sea series the demo ships (both locations on that
// node), packed exactly as GET /api/downtimes/{id}/download/ packs a planning.
// Run: npx tsx scripts/awd-assets.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commonRecord, expandCopies, planningStatistics, readPlan, simulatePlan } from '@metocean/core';
import {
  loadWorkbookGrid,
  parseCsvSeries,
  PLANNING_OUTPUT_FORMATS,
  planningFields,
  planningTemplate,
} from '@metocean/hindcast';
import { planningArchive } from '../apps/server/src/exports/planning';

const dir = fileURLToPath(new URL('../apps/web/public/help/advanced_weather_downtime/', import.meta.url));
const ERA5 = fileURLToPath(
  new URL(
    '../apps/server/assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv',
    import.meta.url,
  ),
);
mkdirSync(dir, { recursive: true });
const template = await planningTemplate();
writeFileSync(`${dir}planning_template.xlsx`, template);

const { plan } = readPlan(await loadWorkbookGrid(template));
if (!plan) throw new Error('the template does not read');
const series = parseCsvSeries(readFileSync(ERA5, 'utf8'));
const fields = planningFields(series.fields);
const { time, locations } = commonRecord([
  { name: 'SITE', time: series.time, fields },
  { name: 'PORT', time: series.time, fields },
]);
const percentiles = [50, 60, 70, 80, 90, 99];
const results = planningStatistics(
  simulatePlan({
    time,
    locations,
    aliases: { SITE: 0, PORT: 1 },
    environments: plan.environments,
    copies: expandCopies(plan.activities),
  }),
  percentiles,
);
const source =
  'ERA5 109.94E 15.51N (South China Sea), 2000-2010, Contains modified Copernicus Climate Change Service information';
const zip = await planningArchive('example', results, PLANNING_OUTPUT_FORMATS, {
  points: [
    { name: 'SITE', source },
    { name: 'PORT', source },
  ],
  rulesVersion: results.rulesVersion,
  alpha: null,
  settings: {
    outputDir: 'example',
    percentiles,
    envCoords: plan.envCoords,
    tasksCoords: plan.tasksCoords,
    locationAliases: { SITE: 'SITE', PORT: 'PORT' },
    formats: PLANNING_OUTPUT_FORMATS,
    fileName: 'planning_template.xlsx',
  },
});
writeFileSync(`${dir}example_outputs.zip`, zip);
console.log(`wrote ${dir}planning_template.xlsx and example_outputs.zip (${zip.length} bytes)`);
