// A stored statistic of a point drawn as in the Analyze tab: its visualisation payload, the packages/charts
// option, ECharts SSR SVG, vectors in the PDF. A chart that cannot be drawn leaves a visible note.
import { chartOption } from '@metocean/charts';
import type { Services } from '../services/context';
import { storedPayload } from '../services/results';
import { chartSvg } from './chart-svg';
import type { ReportData, ReportPoint } from './data';
import type { ReportPdf } from './pdf';

export async function chart(
  services: Services,
  pdf: ReportPdf,
  data: ReportData,
  point: ReportPoint,
  statId: string,
  height: number,
  view: { month?: number } = {},
  at?: { x: number; y: number; width: number },
): Promise<boolean> {
  try {
    const payload = await storedPayload(services, data.access, point.point.id, statId);
    const option = chartOption(payload, { static: true, pointName: point.point.name, ...view });
    const width = at?.width ?? pdf.contentWidth;
    pdf.svg(chartSvg(option, width, height), width, height, at ? { x: at.x, y: at.y } : undefined);
    return true;
  } catch (error) {
    pdf.note(
      `the chart ${statId} could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}
