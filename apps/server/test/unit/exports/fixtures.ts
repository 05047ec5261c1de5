// Hand-built visualisation payloads (spec 002 §3 shape) for the export writers' tests: a monthly
// occurrence table with labelled months and numeric classes, a return-value table at three levels
// with a scalar, a missing value (-999) and a label array, and the context every export states.
import type { VisuArray, VisuKwargs, VisuPayload } from '@metocean/contracts';
import type { ExportContext } from '../../../src/exports/document';

/** zod infers kwargs and the named arrays as one index signature: TypeScript needs the cast. */
const payload = (kwargs: VisuKwargs, arrays: Record<string, VisuArray>): VisuPayload =>
  ({ ...arrays, kwargs }) as unknown as VisuPayload;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** occurrence[month][class] = month * 10 + class (percent), class 2 of March missing. */
export const monthlyPayload = payload(
  {
    statId: 'EPD_month__hs',
    code: 'EPD',
    periodicity: 'monthly',
    title: 'Monthly occurrence of significant wave height',
    xName: 'class',
    yName: 'occurrence',
    variable: 'hs',
    dataset: 'NORA3 hindcast (MET Norway)',
    node: { lat: 53.3, lon: 1.35, distanceKm: 2.1 },
    method: 'occurrence of each 0.5 m class, per calendar month',
  },
  {
    month: {
      values: MONTHS,
      dimensions: ['month'],
      attributes: { units: '1', longName: 'calendar month' },
    },
    class: {
      values: [0.25, 0.75, 1.25, 1.75],
      dimensions: ['class'],
      attributes: { units: 'm', longName: 'significant wave height class centre' },
    },
    occurrence: {
      values: MONTHS.map((_, m) => [0, 1, 2, 3].map((c) => (m === 2 && c === 2 ? -999 : m * 10 + c))),
      dimensions: ['month', 'class'],
      attributes: { units: '%', longName: 'occurrence', standardName: 'none' },
    },
    mean: {
      values: MONTHS.map((_, m) => 0.5 + m / 10),
      dimensions: ['month'],
      attributes: { units: 'm', longName: 'monthly mean significant wave height' },
    },
  },
);

/** returnValue[level][period] = 10 * (level + 1) + period index; lower/upper bounds around it. */
export const levelPayload = payload(
  {
    statId: 'CUREXT__current_speed',
    code: 'CUREXT',
    periodicity: 'annual',
    title: 'Extreme current speed',
    variable: 'current_speed',
    levels: { type: 'depth', values: [0, 10, 30], units: 'm' },
    dataset: 'Synthetic demo hindcast',
    notice: 'Synthetic data for demonstration only',
    method: 'annual maxima, GEV by maximum likelihood, 90% bootstrap intervals',
  },
  {
    level: {
      values: [0, 10, 30],
      dimensions: ['level'],
      attributes: { units: 'm', longName: 'depth below mean sea level', positive: 'down' },
    },
    returnPeriod: {
      values: [1, 10, 100],
      dimensions: ['returnPeriod'],
      attributes: { units: 'year', longName: 'return period' },
    },
    returnValue: {
      values: [0, 1, 2].map((l) => [0, 1, 2].map((p) => 10 * (l + 1) + p)),
      dimensions: ['level', 'returnPeriod'],
      attributes: { units: 'm s-1', longName: 'return value of current speed' },
    },
    law: {
      values: ['GEV', 'GEV', 'Gumbel'],
      dimensions: ['level'],
      attributes: { units: '', longName: 'fitted law' },
    },
    threshold: {
      values: [1.5],
      dimensions: [],
      attributes: { units: 'm s-1', longName: 'threshold' },
    },
    firstStorm: {
      values: [Date.UTC(1990, 0, 3, 6)],
      dimensions: [],
      attributes: { units: 'milliseconds since 1970-01-01 00:00:00', longName: 'time of the first storm' },
    },
  },
);

export const context: ExportContext = {
  project: 'Export_project',
  point: { name: 'Alpha', lat: 53.324, lng: 1.32 },
  exportedAt: new Date(Date.UTC(2025, 4, 6, 12, 0, 0)),
  provenance: 'NORA3 © MET Norway, CC BY 4.0',
};
