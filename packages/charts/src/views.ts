// Which view draws which statistic, the level selector rules and the datasets table (spec 002 §2, §9).
import type { VisuPayload } from '@metocean/contracts';
import type { EChartsOption } from 'echarts';
import { CHART_ERRORS, ChartError, dateTime, kwargsOf, numbers, type ViewOptions } from './common';
import {
  apdOption,
  histogramOption,
  jointOption,
  monthlyStatsOption,
  profileOption,
  roseOption,
} from './distributions';
import { contourOption } from './contours';
import { extremeOption } from './extremes';
import { concomitantOption, timeSeriesOption } from './series';
import { levelTypeOf, statisticIdOf } from './payload';
import { downtimeOption, weatherWindowOption } from './windows';

export type ViewKind =
  | 'timeSeries'
  | 'concomitant'
  | 'histogram'
  | 'monthlyStats'
  | 'analytical'
  | 'joint'
  | 'rose'
  | 'weatherWindow'
  | 'downtime'
  | 'profile'
  | 'extreme'
  | 'extremeTable'
  | 'contours';

const VIEWS: Record<string, ViewKind> = {
  TS: 'timeSeries',
  CTS: 'concomitant',
  EPD: 'histogram',
  EPD_month: 'monthlyStats',
  APD: 'analytical',
  EJPD: 'joint',
  DR: 'rose',
  DR_month: 'rose',
  WW: 'weatherWindow',
  WD: 'downtime',
  MEANCOLSTD: 'profile',
  EXT: 'extreme',
  EXT_month: 'extreme',
  EXT_direction: 'extremeTable',
  MAEXT: 'extreme',
  MIEXT: 'extreme',
  NOCYC: 'extreme',
  CUREXT: 'extremeTable',
  HEIEXT: 'extremeTable',
  ENVC: 'contours',
};

/** The view of a statistic id ('DR_month__hs__dir' -> 'rose'); 'Unsupported graph type' otherwise. */
export function viewOf(statId: string): ViewKind {
  const view = VIEWS[statisticIdOf(statId)];
  if (!view) throw new ChartError(CHART_ERRORS.unsupportedGraph);
  return view;
}

/**
 * The chart of one payload with its default view settings (the interactive views pass their own options
 * to the builder). APD needs the EPD of the same field: `companion`.
 */
export function chartOption(
  payload: VisuPayload,
  view: ViewOptions & { month?: number } = {},
  companion?: VisuPayload,
): EChartsOption {
  const k = kwargsOf(payload);
  const kind = viewOf(k.statId);
  switch (kind) {
    case 'timeSeries':
      return timeSeriesOption(payload, view);
    case 'concomitant':
      return concomitantOption(payload, view);
    case 'histogram':
      return histogramOption(payload, view);
    case 'monthlyStats':
      return monthlyStatsOption(payload, view);
    case 'analytical':
      if (!companion) throw new ChartError(CHART_ERRORS.invalidGraphData);
      return apdOption(payload, companion, view);
    case 'joint':
      return jointOption(payload, view);
    case 'rose':
      return roseOption(payload, { ...view, month: k.periodicity === 'monthly' ? (view.month ?? 1) : 0 });
    case 'weatherWindow':
      return weatherWindowOption(payload, view);
    case 'downtime':
      return downtimeOption(payload, view);
    case 'profile':
      return profileOption(payload, view);
    case 'extreme':
      return extremeOption(payload, { ...view, month: k.periodicity === 'monthly' ? (view.month ?? 1) : 0 });
    case 'extremeTable':
      // a table, not a chart
      throw new ChartError(CHART_ERRORS.unsupportedGraph);
    case 'contours':
      return contourOption(payload, view);
  }
}

export type LevelType = 'depth' | 'altitude';

/** Spec 002: altitude when the variable name starts with WIN, otherwise depth (the payloads' rule). */
export const levelTypeFor: (variable: string) => LevelType = levelTypeOf;

export interface LevelSelector {
  type: LevelType;
  /** Levels top to bottom: altitudes highest first, depths shallowest first. */
  levels: number[];
  /** Spec 002 §9: compact above 30 levels. */
  compact: boolean;
  width: number;
  height: number;
}

/**
 * The level selector of spec 002 §9: a bar 65 wide, compact above 30 levels, 360 high (450 above 50
 * levels, 530 in the extreme view); levels listed from the top of the column.
 */
export function levelSelector(type: string, levels: readonly number[], extremeView = false): LevelSelector {
  if (type !== 'depth' && type !== 'altitude') throw new ChartError(CHART_ERRORS.levelType);
  if (levels.length === 0) throw new ChartError(CHART_ERRORS.diagramLevels);
  const sorted = [...levels].sort((a, b) => a - b);
  return {
    type,
    levels: type === 'altitude' ? sorted.reverse() : sorted,
    compact: levels.length > 30,
    width: 65,
    height: extremeView ? 530 : levels.length > 50 ? 450 : 360,
  };
}

export interface DatasetRow {
  dataset: string;
  field: string;
  variables: string;
  begin: string;
  end: string;
  period: string;
}

/** The datasets table: where the numbers of a point come from (one row per time series payload). */
export function datasetRows(payloads: VisuPayload[]): DatasetRow[] {
  return payloads.map((payload) => {
    const k = kwargsOf(payload);
    const time = numbers(payload, k.xName ?? 'time');
    const begin = time[0] ?? NaN;
    const end = time[time.length - 1] ?? NaN;
    const years = (end - begin) / (365.2425 * 86_400_000);
    return {
      dataset: k.notice ? `${k.dataset} (${k.notice})` : k.dataset,
      field: String(k.yName ?? ''),
      variables: k.yLabel ?? '',
      begin: Number.isFinite(begin) ? dateTime(begin).slice(0, 10) : '-',
      end: Number.isFinite(end) ? dateTime(end).slice(0, 10) : '-',
      period: Number.isFinite(years) ? `${years.toFixed(1)} years` : '-',
    };
  });
}
