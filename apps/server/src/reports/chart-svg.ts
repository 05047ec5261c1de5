// The charts of the Analyze tab, on the server: the same packages/charts option rendered by ECharts'
// server-side SVG renderer (ARCHITECTURE.md: ssr, no animation, labels without text borders).
import * as echarts from 'echarts';
import type { EChartsOption } from 'echarts';

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
