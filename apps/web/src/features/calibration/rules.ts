// Pure rules of the calibration feature (issue 33): which points form a calibration family (an original and
// its calibrated variants), the differences calibrated − original of the standard statistics, what a point's
// measurements may calibrate, and the precision every number of the dialog is shown at.
import {
  BUOY_NEAR_KM,
  SATELLITE_VARIABLES,
  type Buoy,
  type OverviewRow,
  type Point,
  type Project,
  type SatelliteComparison,
} from '@metocean/contracts';
import { distanceKm } from '../../map/geo';

export interface CalibrationFamily {
  original: Point;
  variants: Point[];
}

/** The original and its variants around the selected point (either one), or null when it has none. */
export function calibrationFamily(points: Point[], selectedId: number | undefined): CalibrationFamily | null {
  const selected = points.find((p) => p.id === selectedId);
  if (!selected) return null;
  const originalId = selected.calibrationOf ?? selected.id;
  const original = points.find((p) => p.id === originalId);
  const variants = points.filter((p) => p.calibrationOf === originalId);
  if (!original || variants.length === 0) return null;
  return { original, variants };
}

/** What the calibration panel shows above the Analyze tab's menu for the selected point. */
export interface CalibrationPanelView {
  selected: Point;
  /** The family's original, or the selected point when it has no family. */
  original: Point;
  family: CalibrationFamily | null;
  /** A manager's Calibrate button: the offer is live and not a trial, and the original is computed. */
  canCalibrate: boolean;
}

/**
 * The panel of the selected point, or null when it shows nothing (no family and nothing the user may
 * calibrate). The panel reads it, and so does the Analyze tab, which keeps the panel's place while its code
 * loads: a panel arriving after the user chose a point would push the menu down under the pointer.
 */
export function calibrationPanelView(
  project: Project,
  selectedId: number | undefined,
): CalibrationPanelView | null {
  const selected = project.points.find((p) => p.id === selectedId);
  if (!selected) return null;
  const family = calibrationFamily(project.points, selected.id);
  const original = family?.original ?? selected;
  const canCalibrate =
    project.isManager &&
    !project.offerInstance.expired &&
    !project.offerInstance.isTrial &&
    original.isComputed;
  return family || canCalibrate ? { selected, original, family, canCalibrate } : null;
}

/** The standard statistics of the overview (spec 000 §2.8 popup), in the overview's order. */
export const STANDARD_STATISTICS = ['mean', 'min', 'max', 'median', 'std'] as const;
export type StandardStatistic = (typeof STANDARD_STATISTICS)[number];

export interface DifferenceRow {
  layer: string;
  variable: string;
  label: string;
  units: string;
  circular: boolean;
  /** The calibrated variable: its differences are the correction's; every other one is 0 by construction. */
  corrected: boolean;
  original: Record<StandardStatistic, number | null>;
  calibrated: Record<StandardStatistic, number | null>;
  /** Calibrated − original; null where either is missing (a direction's median). */
  difference: Record<StandardStatistic, number | null>;
}

const valueOf = (v: number | undefined): number | null =>
  v === undefined || !Number.isFinite(v) || v === -999 ? null : v;

/**
 * Row by row (same layer and variable) the original's and the calibrated variant's overview statistics and
 * their differences, the corrected variable first. A direction's difference of means is wrapped to
 * (−180, 180]: 350° against 10° is 20°, not −340°.
 */
export function differenceRows(
  original: OverviewRow[],
  calibrated: OverviewRow[],
  correctedVariable: string,
): DifferenceRow[] {
  const rows: DifferenceRow[] = [];
  for (const o of original) {
    const c = calibrated.find((r) => r.variable === o.variable && r.layer === o.layer);
    if (!c) continue;
    const pick = (row: OverviewRow) =>
      Object.fromEntries(STANDARD_STATISTICS.map((s) => [s, valueOf(row[s])])) as Record<
        StandardStatistic,
        number | null
      >;
    const before = pick(o);
    const after = pick(c);
    const difference = Object.fromEntries(
      STANDARD_STATISTICS.map((s) => {
        const a = after[s];
        const b = before[s];
        if (a === null || b === null) return [s, null];
        let d = a - b;
        if (o.circular && s !== 'std') d = ((((d + 180) % 360) + 360) % 360) - 180 || 0;
        return [s, d];
      }),
    ) as Record<StandardStatistic, number | null>;
    rows.push({
      layer: o.layer,
      variable: o.variable,
      label: o.longName || o.variable,
      units: o.units,
      circular: o.circular,
      corrected: o.variable === correctedVariable,
      original: before,
      calibrated: after,
      difference,
    });
  }
  return rows.sort((a, b) => Number(b.corrected) - Number(a.corrected));
}

/** Overview figures at two decimals, as the overview popup shows them; a difference carries its sign. */
export function formatStatistic(v: number | null, signed = false): string {
  if (v === null) return '–';
  const text = v.toFixed(2);
  // −0.00 is shown as 0.00: a difference rounding to nothing has no sign
  if (Number(text) === 0) return '0.00';
  return signed && v > 0 ? `+${text}` : text;
}

/** A law's parameter at 4 significant digits (the stamp's precision). */
export function formatParameter(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (Number.isInteger(v)) return String(v);
  return String(Number(v.toPrecision(4)));
}

/** A skill figure (bias, RMSE, P99 error in the variable's units, SI without) at 3 decimals. */
export function formatSkill(v: number): string {
  if (!Number.isFinite(v)) return '–';
  const text = v.toFixed(3);
  return Number(text) === 0 ? '0.000' : text;
}

export type SourceChoice =
  | { kind: 'buoy'; buoy: Buoy; km: number; label: string }
  | { kind: 'satellite'; comparison: SatelliteComparison; label: string }
  | { kind: 'upload'; label: string };

/**
 * The measurements a point may be calibrated against: the buoys within BUOY_NEAR_KM (nearest first, the buoy
 * comparison's rule), the FINISHED satellite comparisons of the point (newest first), and an uploaded CSV.
 */
export function sourceChoices(
  point: { id: number; lat: number; lng: number },
  buoys: Buoy[],
  comparisons: SatelliteComparison[],
): SourceChoice[] {
  const near = buoys
    .map((buoy) => ({ buoy, km: distanceKm(point, { lat: buoy.latitude, lng: buoy.longitude }) }))
    .filter((b) => b.km <= BUOY_NEAR_KM)
    .sort((a, b) => a.km - b.km)
    .map(({ buoy, km }): SourceChoice => ({
      kind: 'buoy',
      buoy,
      km,
      label: `Buoy ${buoy.code} (${buoy.name}), ${Math.round(km)} km`,
    }));
  const finished = comparisons
    .filter((c) => c.point === point.id && c.status === 'FINISHED')
    .sort((a, b) => b.id - a.id)
    .map((comparison): SourceChoice => ({
      kind: 'satellite',
      comparison,
      label: `Satellite comparison "${comparison.name}"${comparison.synthetic ? ' (synthetic altimetry)' : ''}`,
    }));
  return [...near, ...finished, { kind: 'upload', label: 'Upload a measurement CSV' }];
}

/**
 * The point's variables a source can correct: scalar variables of the hindcast (directions are not corrected
 * by these laws) that a buoy measures, or a satellite comparison matched; any scalar one for an upload (its
 * column is chosen by name on the server).
 */
export function calibratableVariables(rows: OverviewRow[], source: SourceChoice | undefined): OverviewRow[] {
  const scalar = rows.filter((r) => !r.circular && r.layer === '');
  if (!source) return [];
  switch (source.kind) {
    case 'buoy':
      return scalar.filter((r) => source.buoy.runs.some((run) => run.id === r.variable));
    case 'satellite': {
      const matched = Object.keys(source.comparison.stats ?? {});
      return scalar.filter((r) =>
        SATELLITE_VARIABLES.some((v) => v.field === r.variable && matched.includes(v.name)),
      );
    }
    case 'upload':
      return scalar;
  }
}
