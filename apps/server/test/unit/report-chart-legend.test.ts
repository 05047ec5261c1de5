// The charts of a PDF report lay their legends out with text widths measured in the font the PDF draws
// them in (DejaVu Sans, measured by pdfkit's own font metrics): no legend entry runs into the next. Checked on
// the SVG the report draws, with the real ERA5 fit of the South China Sea node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartOption, visuPayloadOf, type FieldInfo } from '@metocean/charts';
import { statIdOf, toStoredJson, type VisuPayload } from '@metocean/contracts';
import { overview, statisticOf } from '@metocean/core';
import { parseCsvSeries } from '@metocean/hindcast';
import { chartSvg } from '../../src/reports/chart-svg';
import { textWidth } from '../../src/reports/pdf';

const REPO = path.resolve(__dirname, '../../../..');
const series = parseCsvSeries([
  readFileSync(
    path.join(REPO, 'apps/server/assets/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv'),
    'utf8',
  ),
]);
const fields = toStoredJson(overview(series)) as FieldInfo[];

function payloadOf(id: string, target: { field: string; partner?: string }): VisuPayload {
  const result = toStoredJson(statisticOf(id).compute(series, target));
  return visuPayloadOf(
    {
      statId: statIdOf(id, target),
      code: statisticOf(id).code,
      payload: { target, dataset: { name: 'ERA5' }, result },
    },
    fields,
  );
}

interface Entry {
  x: number;
  y: number;
  text: string;
  textStart: number;
  size: number;
}

/** The legend entries of an ECharts SSR SVG: texts placed after their icon (x set) in a translated group. */
function legendEntries(svg: string): Entry[] {
  const texts = svg.matchAll(
    /<text[^>]*font-size:([\d.]+)px[^>]*\sx="([\d.]+)"[^>]*transform="translate\(([\d.]+) ([\d.]+)\)"[^>]*>([^<]*)<\/text>/g,
  );
  return [...texts].map((m) => ({
    size: Number(m[1]),
    textStart: Number(m[3]) + Number(m[2]),
    x: Number(m[3]),
    y: Number(m[4]),
    text: m[5]!,
  }));
}

/** Entries whose text, measured in DejaVu Sans, reaches the icon of the next entry on the same row. */
function overlaps(svg: string): string[] {
  const entries = legendEntries(svg);
  const found: string[] = [];
  for (const row of new Set(entries.map((e) => e.y))) {
    const inRow = entries.filter((e) => e.y === row).sort((a, b) => a.x - b.x);
    for (let i = 0; i + 1 < inRow.length; i++) {
      const end = inRow[i]!.textStart + textWidth(inRow[i]!.text, inRow[i]!.size);
      if (end > inRow[i + 1]!.x)
        found.push(`${inRow[i]!.text} (ends ${end.toFixed(1)}) / ${inRow[i + 1]!.text}`);
    }
  }
  return found;
}

/** The report's canvas: a full A4 content width (495 pt) at the report's scale 1.35 (reports/charts.ts). */
const draw = (payload: VisuPayload, height: number) =>
  chartSvg(chartOption(payload, { static: true, pointName: 'ERA5 node' }), 495 * 1.35, height * 1.35);

describe('legends of the report charts', () => {
  it('the fit figure: "90% confidence interval (Gumbel)" and the laws side by side, none overlapping', () => {
    const svg = draw(payloadOf('EXT', { field: 'swh' }), 260);
    const entries = legendEntries(svg);
    expect(entries.map((e) => e.text)).toEqual(
      expect.arrayContaining(['90% confidence interval (Gumbel)', 'GEV', 'Gumbel', 'Empirical']),
    );
    expect(overlaps(svg)).toEqual([]);
  });

  it('the environmental contours: one entry per return period, none overlapping', () => {
    const svg = draw(payloadOf('ENVC', { field: 'swh', partner: 'pp1d' }), 300);
    expect(legendEntries(svg).length).toBeGreaterThan(2);
    expect(overlaps(svg)).toEqual([]);
  });
});
