// Writes the AWD help assets (issue 22 "Files"): the planning template, built with exceljs by
// packages/hindcast/src/planning-template.ts. Run: npx tsx scripts/awd-assets.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { planningTemplate } from '@metocean/hindcast';

const dir = fileURLToPath(new URL('../apps/web/public/help/advanced_weather_downtime/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}planning_template.xlsx`, await planningTemplate());
console.log(`wrote ${dir}planning_template.xlsx`);
