// A stored statistic of a point drawn as in the Analyze tab: its visualisation payload, the packages/charts
// option, ECharts SSR SVG, vectors in the PDF. A chart that cannot be drawn leaves a visible note.
import { chartOption } from '@metocean/charts';
import type { Services } from '../services/context';
import { storedPayload } from '../services/results';
import { chartSvg } from './chart-svg';
import type { ReportData, ReportPoint } from './data';
import type { ReportPdf } from './pdf';

/** Canvas size over drawn size. */
const SCALE = 1.35;

export async function chart(
  services: Services,
  pdf: ReportPdf,
  data: ReportData,
  point: ReportPoint,
  statId: string,
  height: number,
  view: { month?: number; title?: string } = {},
  at?: { x: number; y: number; width: number },
): Promise<boolean> {
  try {
    const payload = await storedPayload(services, data.access, point.point.id, statId);
    const { title, ...chartView } = view;
    let option = chartOption(payload, { static: true, pointName: point.point.name, ...chartView });
    // a small multiple (the monthly roses) keeps its drawing: a short title, no legend, no source line
    if (title) {
      const angleAxis = option.angleAxis as Record<string, unknown> | undefined;
      option = {
        ...option,
        title: { text: title, left: 'center', textStyle: { fontSize: 15 } },
        legend: { show: false },
        polar: { radius: '62%', center: ['50%', '56%'] },
        ...(angleAxis ? { angleAxis: { ...angleAxis, axisLabel: { show: false } } } : {}),
      };
    }
    const width = at?.width ?? pdf.contentWidth;
    // drawn at 1/SCALE of the canvas size: the web chart's font sizes in proportion to an A4 page
    pdf.svg(
      chartSvg(option, width * SCALE, height * SCALE),
      width,
      height,
      at ? { x: at.x, y: at.y } : undefined,
      SCALE,
    );
    return true;
  } catch (error) {
    pdf.note(
      `the chart ${statId} could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}
