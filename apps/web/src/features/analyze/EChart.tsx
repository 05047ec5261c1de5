// Mounts an option of packages/charts (ARCHITECTURE.md: charts are options, not components). Only the
// ECharts parts the views use are registered (tree-shaken), and this module is loaded with the stats
// modal, never with the first page.
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  AxisPointerComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  PolarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { prefersReducedMotion } from '../../app/motion';

echarts.use([
  BarChart,
  CustomChart,
  HeatmapChart,
  LineChart,
  ScatterChart,
  AxisPointerComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  PolarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type ChartInstance = echarts.ECharts;

export interface EChartProps {
  option: EChartsOption;
  width: number;
  height: number;
  /** Called once the instance exists (PNG download, event wiring). */
  onReady?: (chart: ChartInstance) => void;
  testId?: string;
}

export function EChart({ option, width, height, onReady, testId }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas', width, height });
    chart.current = instance;
    onReady?.(instance);
    return () => {
      instance.dispose();
      chart.current = null;
    };
  }, [width, height, onReady]);

  useEffect(() => {
    // drawn at once for a system that asks for reduced motion (no entry animation)
    const shown = prefersReducedMotion() ? { ...option, animation: false } : option;
    chart.current?.setOption(shown, { notMerge: true, lazyUpdate: false });
  }, [option, width, height]);

  return <Box ref={element} data-testid={testId} sx={{ width, height, maxWidth: '100%' }} />;
}

/** The chart as a PNG data URL on white (spec 002: image download always allowed). */
export function chartPng(chart: ChartInstance): string {
  return chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
}
