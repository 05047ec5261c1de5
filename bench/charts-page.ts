/// <reference lib="dom" />
// The in-page half of bench/charts.ts, bundled for Chromium with esbuild: builds each option with
// packages/charts and renders it with ECharts, timing from the build to ECharts' 'finished' event.
import * as echarts from 'echarts';
import type { VisuPayload } from '@metocean/contracts';
import { jointOption, timeSeriesOption } from '@metocean/charts';

export interface Timing {
  firstMs: number;
  zoomMs: number;
  points: number;
  zoomPoints: number;
}

const DAY_MS = 86_400_000;

function rendered(chart: echarts.ECharts): Promise<void> {
  return new Promise((done) => {
    const finished = () => {
      chart.off('finished', finished);
      done();
    };
    chart.on('finished', finished);
  });
}

const median = (xs: number[]) => [...xs].sort((a, c) => a - c)[Math.floor(xs.length / 2)]!;
const drawn = (option: echarts.EChartsOption) =>
  ((option.series as { data: unknown[] }[])[0]?.data ?? []).length;

async function measure(payload: VisuPayload, kind: 'ts' | 'heat', runs: number): Promise<Timing> {
  const element = document.getElementById('c')!;
  const size = kind === 'ts' ? { width: 500, height: 350 } : { width: 420, height: 350 };
  const time = (payload.time?.values ?? []) as number[];
  const mid = time[Math.floor(time.length / 2)] ?? 0;
  const firsts: number[] = [];
  const zooms: number[] = [];
  let points = 0;
  let zoomPoints = 0;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    const chart = echarts.init(element, null, { renderer: 'canvas', ...size });
    const first = rendered(chart);
    const option =
      kind === 'ts'
        ? timeSeriesOption(payload, { pixels: 400, static: true })
        : jointOption(payload, { static: true });
    points = drawn(option);
    chart.setOption(option);
    await first;
    firsts.push(performance.now() - start);
    // the zoom: a 60-day window of the time series refined to the pixels; the heat map switched to counts
    const zoomStart = performance.now();
    const again = rendered(chart);
    const zoomed =
      kind === 'ts'
        ? timeSeriesOption(payload, {
            pixels: 400,
            static: true,
            window: [mid - 30 * DAY_MS, mid + 30 * DAY_MS],
          })
        : jointOption(payload, { static: true, value: 'counts' });
    zoomPoints = drawn(zoomed);
    chart.setOption(zoomed, { notMerge: true });
    await again;
    zooms.push(performance.now() - zoomStart);
    chart.dispose();
  }
  return { firstMs: median(firsts), zoomMs: median(zooms), points, zoomPoints };
}

(globalThis as unknown as { bench: unknown }).bench = { measure };
