// Calibrated variants of a point (issue 33): POST /api/points/{id}/calibrate/ fits a correction of one
// variable of the point's hindcast against measurements (a buoy of the point's comparison, or an uploaded
// CSV) and creates a new point, the calibrated variant, whose statistics are computed on the corrected series.
import { z } from 'zod';
import { entityId } from './ids';

export const CALIBRATION_METHODS = ['linear', 'power', 'quantile'] as const;
/** Where the measurements come from: a buoy of the point, a finished satellite comparison, an upload. */
export const CALIBRATION_SOURCES = ['buoy', 'satellite', 'upload'] as const;
/** An uploaded measurement file: at most this many bytes of CSV text. */
export const CALIBRATION_CSV_MAX_BYTES = 20 * 1024 * 1024;

const skill = z.object({
  n: z.number(),
  bias: z.number(),
  rmse: z.number(),
  si: z.number(),
  p99Error: z.number(),
});

/** What a calibrated variant carries and every export of it states: method, parameters, source, pairs, period. */
export const calibrationStamp = z.object({
  variable: z.string(),
  units: z.string(),
  method: z.enum(CALIBRATION_METHODS),
  perMonth: z.boolean(),
  /** The law in words, with its extrapolation rule */
  description: z.string(),
  /** One law, or twelve per month (a, b; or the quantile table's extent and slopes) */
  parameters: z.array(z.record(z.string(), z.number())),
  lowerBound: z.number().nullable(),
  source: z.object({
    kind: z.enum(CALIBRATION_SOURCES),
    name: z.string(),
    /** The satellite comparison the pairs are the matchups of (kind 'satellite'). */
    comparison: z.number().optional(),
  }),
  pairs: z.number(),
  period: z.object({ start: z.string(), end: z.string() }),
  windowHours: z.number(),
  inSample: z.object({ before: skill, after: skill }),
  outOfSample: z.object({ scheme: z.string(), folds: z.number(), before: skill, after: skill }).nullable(),
  warnings: z.array(z.string()),
  /** The one-line stamp of exports and reports */
  text: z.string(),
});
export type CalibrationStamp = z.infer<typeof calibrationStamp>;

export const calibratePointRequest = z.object({
  variable: z.string().min(1),
  method: z.enum(CALIBRATION_METHODS),
  perMonth: z.boolean().default(false),
  windowHours: z.number().min(0).max(24).default(0),
  source: z.union([
    z.object({ buoy: entityId(), run: z.string().optional() }),
    /** A FINISHED satellite comparison of this point: its matchups are the pairs (windowHours is ignored). */
    z.object({ satellite: entityId() }),
    z.object({
      csv: z.string().min(1).max(CALIBRATION_CSV_MAX_BYTES),
      fileName: z.string().max(200).default('measurements.csv'),
      obsVariable: z.string().optional(),
    }),
  ]),
});
export type CalibratePointRequest = z.input<typeof calibratePointRequest>;

/** POST /api/points/{id}/calibrate/preview/: the fit and its judgement, nothing created (the dialog's step). */
export const calibrationPreview = calibrationStamp;
export type CalibrationPreview = CalibrationStamp;
