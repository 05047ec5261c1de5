// A stored statistic of a point drawn as in the Analyze tab: its visualisation payload, the packages/charts
// option, ECharts SSR SVG, vectors in the PDF; and a buoy comparison's scatter (the validation annex). A chart
// that cannot be drawn leaves a visible note.
import { chartOption, comparisonScatterOption, SPEED, visuPayloadOf } from '@metocean/charts';
import { visuPayload, type ScatterData, type VisuPayload } from '@metocean/contracts';
import { chartSvg } from './chart-svg';
import { MONTH_ABBREVIATIONS as MONTHS } from '@metocean/core';
import type { ReportPoint } from './data';
import type { ReportPdf } from './pdf';

/**
 * The visualisation payload of a stored statistic, as get_visu_data makes it (services/results.ts
 * storedPayload) from the rows the report already holds; without the peak directions, which only the peak
 * rose (not in reports) draws.
 */
function visuPayloadOfPoint(point: ReportPoint, statId: string): VisuPayload {
  const stored = point.results.get(statId);
  if (!stored) throw new Error(`no stored result ${statId}`);
  return visuPayload.parse(
    visuPayloadOf({ statId, code: stored.code, payload: stored.payload }, point.fields),
  );
}

/** Canvas size over drawn size. */
const SCALE = 1.35;

export function chart(
  pdf: ReportPdf,
  point: ReportPoint,
  statId: string,
  height: number,
  view: { month?: number } = {},
): boolean {
  try {
    const payload = visuPayloadOfPoint(point, statId);
    const option = chartOption(payload, { static: true, pointName: point.point.name, ...view });
    // a small multiple (the monthly roses) keeps its drawing: a short title, no legend, no source line
    const width = pdf.contentWidth;
    // drawn at 1/SCALE of the canvas size: the web chart's font sizes in proportion to an A4 page
    pdf.svg(() => chartSvg(option, width * SCALE, height * SCALE), width, height, {
      scale: SCALE,
      name: `chart ${statId}`,
    });
    return true;
  } catch (error) {
    pdf.note(
      `the chart ${statId} could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/** A buoy comparison's scatter (the validation modal's chart), square, centred on the page. */
export function comparisonChart(pdf: ReportPdf, scatter: ScatterData, title: string): void {
  const width = 400;
  const height = 340;
  try {
    const option = comparisonScatterOption(scatter, title);
    pdf.svg(() => chartSvg(option, width * SCALE, height * SCALE), width, height, {
      x: 50 + (pdf.contentWidth - width) / 2,
      scale: SCALE,
      name: 'scatter',
    });
  } catch (error) {
    pdf.note(`the scatter could not be drawn: ${error instanceof Error ? error.message : String(error)}`);
  }
}

interface MonthRose {
  month: number;
  sectors: number[];
  edges: number[];
  percent: number[][];
  count: number;
}

/**
 * The twelve monthly roses as small multiples on one page, drawn straight as vector wedges (180 ECharts
 * canvases for 5 points and 3 parts took 25 s): the annual rose's sectors, classes and colours
 * (packages/charts SPEED), one radial scale for the twelve so months compare at a glance.
 */
export function smallRoses(pdf: ReportPdf, roses: readonly MonthRose[], units: string): void {
  const { doc } = pdf;
  const columns = 3;
  const cell = pdf.contentWidth / columns;
  const height = 160;
  const radius = 58;
  const max = Math.max(
    ...roses.map((r) => Math.max(...r.percent.map((sector) => sector.reduce((a, b) => a + b, 0)))),
  );
  const scale = Math.max(5, Math.ceil(max / 5) * 5);
  const top = doc.y + 4;
  roses.forEach((r, i) => {
    const cx = 50 + (i % columns) * cell + cell / 2;
    const cy = top + Math.floor(i / columns) * height + height / 2 + 6;
    const half = (Math.PI / r.sectors.length) * 0.9;
    doc.save();
    for (const ring of [scale / 2, scale])
      doc
        .circle(cx, cy, (radius * ring) / scale)
        .lineWidth(0.4)
        .stroke('#bbbbbb');
    r.sectors.forEach((centre, j) => {
      let inner = 0;
      (r.percent[j] ?? []).forEach((p, k) => {
        if (p <= 0) return;
        const outer = inner + p;
        const a = ((centre - 90) * Math.PI) / 180;
        const r0 = (radius * inner) / scale;
        const r1 = (radius * outer) / scale;
        doc
          .moveTo(cx + r0 * Math.cos(a - half), cy + r0 * Math.sin(a - half))
          .lineTo(cx + r1 * Math.cos(a - half), cy + r1 * Math.sin(a - half))
          .lineTo(cx + r1 * Math.cos(a + half), cy + r1 * Math.sin(a + half))
          .lineTo(cx + r0 * Math.cos(a + half), cy + r0 * Math.sin(a + half))
          .closePath()
          .fill(SPEED[Math.min(k, SPEED.length - 1)]);
        inner = outer;
      });
    });
    doc.restore();
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('black')
      .text(MONTHS[r.month - 1]!, cx - 40, cy - radius - 16, { width: 80, align: 'center' });
    doc
      .font('body')
      .fontSize(6)
      .fillColor('#555555')
      .text('N', cx - 3, cy - radius - 7, { lineBreak: false });
  });
  const legendY = top + Math.ceil(roses.length / columns) * height + 10;
  const first = roses[0];
  let x = 50;
  doc
    .fontSize(8)
    .fillColor('black')
    .text(`Rings: ${scale / 2} % and ${scale} %.`, x, legendY, { lineBreak: false });
  x += 110;
  first?.edges.forEach((edge, k) => {
    const label =
      k + 1 < first.edges.length ? `${edge}–${first.edges[k + 1]} ${units}` : `≥ ${edge} ${units}`;
    doc.rect(x, legendY, 9, 9).fill(SPEED[Math.min(k, SPEED.length - 1)]);
    doc.fillColor('black').text(label, x + 12, legendY, { lineBreak: false });
    x += 70;
  });
  doc.font('body').fontSize(10).fillColor('black');
  doc.x = 50;
  doc.y = legendY + 20;
}
