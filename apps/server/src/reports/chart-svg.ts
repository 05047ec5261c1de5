// The charts of the Analyze tab, on the server: the same packages/charts option rendered by ECharts'
// server-side SVG renderer (ARCHITECTURE.md: ssr, no animation, labels without text borders).
import * as echarts from 'echarts';
import type { EChartsOption } from 'echarts';
import { textWidth } from './pdf';

/** The weights a CSS font names that the PDF draws bold (svg-to-pdfkit's list). */
const BOLD = /(^|\s)(bold|bolder|[6-9]00)(\s|$)/;

/**
 * ECharts lays text out (legend entries side by side, wrapping, axis name gaps) with widths it measures; with
 * no canvas on the server it guesses them from a narrower font's table, and long legend entries ran into the
 * next. Measured here in DejaVu Sans, the font the PDF draws them in.
 */
echarts.setPlatformAPI({
  measureText(text = '', font = '') {
    const size = Number(/(\d*\.?\d+)px/.exec(font)?.[1] ?? 12);
    return { width: textWidth(text, size, BOLD.test(font)) };
  },
});

/** The SVG of an option at a size in points (the PDF draws it at that size, as vectors). */
export function chartSvg(option: EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false, textStyle: { fontFamily: 'DejaVu Sans' } });
    const svg = chart.renderToSVGString();
    // a viewBox lets the PDF draw the canvas at any size (svg-to-pdfkit scales by it)
    return svg.includes('viewBox') ? svg : svg.replace('<svg ', `<svg viewBox="0 0 ${width} ${height}" `);
  } finally {
    chart.dispose();
  }
}
