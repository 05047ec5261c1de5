// The marine contractors wizard (spec 001 §1, §2.6, §3 "Marine contractor chain", §4, §5, §7
// "Contractors", §8, §9): boats of a customer, their operations, the operations' weather constraints, the
// variables a constraint may read, and the one wizard job per project with its parameters and results.
import { z } from 'zod';
import { entityId } from './ids';
import { alphaChoice, alphaSummary } from './alpha';

export const contractorMessages = {
  blank: 'This field must not be blank',
  boatNameTooLong: 'The boat name must not exceed 100 characters',
  boatNameTaken: 'This boat name already exists, please choose another one',
  operationNameTooLong: 'The operation name must not exceed 100 characters',
  operationNameTaken: 'This operation name already exists on this boat, please choose another one',
  duration: 'The duration must be a whole number of hours greater than 0 and less than 32767',
  badLimit: 'The limit must be a number greater than 0',
  noUnit: 'Choose a unit',
  invalidUnit: 'This unit does not apply to the chosen variable',
  invalidVariable: 'Unknown variable',
  invalidCondition: 'Unknown condition',
  boatHasOperations: 'This boat has operations: delete them first',
  operationHasConstraints: 'This operation has constraints: delete them first',
  incompleteConstraint: 'A constraint is not properly set. Please fill in all required fields.',
  operationWithoutConstraint:
    'An operation have no constraint. Please add at least one constraint to each operation',
  noOperation: 'Select at least one operation',
  unknownOperation: 'An operation of the selection does not exist any more',
  noPoint: 'Select at least one point',
  unknownPoint: 'A point of the selection is not a point of the project',
  noFormat: 'Choose an output format',
  jobInFlight: 'The computation is already queued or running',
  wrongProject: 'The job belongs to another project',
  restrictive: 'The operation constraints are to restrictive',
  jobError: 'Error MC job status',
  workerLost: 'The computation stopped (its worker was lost) and was not retried: run it again.',
} as const;

/** The spec's constraint error codes (§5), sent as the error body's `code`. */
export const constraintErrorCodes = {
  badUnit: 'BAD_UNIT',
  noUnit: 'NO_UNIT',
  invalidUnit: 'INVALID_UNIT',
  invalidVariableUnit: 'INVALID_VARIABLE_UNIT',
  invalidCondition: 'INVALID_CONDITION',
  badLimit: 'BAD_LIMIT',
} as const;

export const NAME_MAX = 100;
export const DURATION_MAX_EXCLUSIVE = 32767;

const KNOT = 1852 / 3600;

/**
 * The variables a constraint may read (spec 001 §3): the spec's short name, its long name, the catalogue
 * field of the point's series it reads, and its units with the factor to the field's SI unit.
 */
export const contractorVariableCatalogue = [
  { name: 'wlev', longName: 'Sea surface height', field: 'water_level', units: [{ unit: 'm', toSi: 1 }] },
  { name: 'theta', longName: 'Current direction', field: 'current_dir', units: [{ unit: 'deg', toSi: 1 }] },
  {
    name: 'mag',
    longName: 'Current magnitude',
    field: 'current_speed',
    units: [
      { unit: 'm/s', toSi: 1 },
      { unit: 'kn', toSi: KNOT },
    ],
  },
  {
    name: 'magw',
    longName: 'Wind speed',
    field: 'wind_speed',
    units: [
      { unit: 'm/s', toSi: 1 },
      { unit: 'kn', toSi: KNOT },
    ],
  },
  { name: 'thetaw', longName: 'Wind from direction', field: 'wind_dir', units: [{ unit: 'deg', toSi: 1 }] },
  { name: 'hs', longName: 'Significant wave height', field: 'hs', units: [{ unit: 'm', toSi: 1 }] },
  { name: 'tp', longName: 'Wave spectral peak period', field: 'tp', units: [{ unit: 's', toSi: 1 }] },
  { name: 'dp', longName: 'Wave energy peak direction', field: 'dp', units: [{ unit: 'deg', toSi: 1 }] },
] as const;

export type ContractorVariableName = (typeof contractorVariableCatalogue)[number]['name'];

export const contractorVariable = z.object({
  name: z.string(),
  longName: z.string(),
  units: z.array(z.string()),
});
export type ContractorVariable = z.infer<typeof contractorVariable>;

/** Condition of a constraint: value <condition> limit is workable (spec 001 §3, the four-value reading). */
export const constraintConditions = ['LESS', 'LESS_EQUAL', 'GREATER', 'GREATER_EQUAL'] as const;
export type ConstraintCondition = (typeof constraintConditions)[number];
export const conditionSymbols: Record<ConstraintCondition, string> = {
  LESS: '<',
  LESS_EQUAL: '≤',
  GREATER: '>',
  GREATER_EQUAL: '≥',
};

const name = (tooLong: string) =>
  z
    .string({ error: contractorMessages.blank })
    .trim()
    .min(1, contractorMessages.blank)
    .max(NAME_MAX, tooLong);
const duration = z
  .number({ error: contractorMessages.duration })
  .int(contractorMessages.duration)
  .gt(0, contractorMessages.duration)
  .lt(DURATION_MAX_EXCLUSIVE, contractorMessages.duration);

export const boatInput = z.object({ name: name(contractorMessages.boatNameTooLong) });
export const operationInput = z.object({
  name: name(contractorMessages.operationNameTooLong),
  duration,
  boat: entityId(),
});
export const operationUpdate = operationInput.partial();
/** Shapes only: the variable, condition and unit rules (and their codes) are the service's. */
export const constraintInput = z.object({
  operation: entityId(),
  varName: z.string().trim(),
  condition: z.string().trim(),
  limit: z.number({ error: contractorMessages.badLimit }),
  unit: z.string().trim(),
});
export const constraintUpdate = constraintInput.omit({ operation: true }).partial();

export const contractorConstraint = z.object({
  id: z.number(),
  operation: z.number(),
  varName: z.string(),
  condition: z.enum(constraintConditions),
  limit: z.number(),
  unit: z.string(),
});
export type ContractorConstraint = z.infer<typeof contractorConstraint>;

export const contractorOperation = z.object({
  id: z.number(),
  name: z.string(),
  /** hours */
  duration: z.number(),
  boat: z.number(),
  constraints: z.array(contractorConstraint),
});
export type ContractorOperation = z.infer<typeof contractorOperation>;

export const contractorBoat = z.object({
  id: z.number(),
  name: z.string(),
  customer: z.number(),
  operations: z.array(contractorOperation),
});
export type ContractorBoat = z.infer<typeof contractorBoat>;

export const contractorFormats = ['DURATION', 'WEATHER_WINDOW', 'WEATHER_WINDOW_COMPLEMENT'] as const;
export type ContractorFormatName = (typeof contractorFormats)[number];
/** Units of the outputs (spec 001 §9): days for duration, percent for the two ratios. */
export const contractorFormatUnits: Record<ContractorFormatName, string> = {
  DURATION: 'days',
  WEATHER_WINDOW: '%',
  WEATHER_WINDOW_COMPLEMENT: '%',
};
/**
 * What `Pp` means in each format (docs/methods/contractors.md 7–9), printed where the table is: on screen,
 * in the xlsx (issue 35: "P50 above P99" surprised a reader who was not told the convention).
 */
export const contractorPercentileConventions: Record<ContractorFormatName, string> = {
  DURATION:
    'Pp is the duration not exceeded at p % of the hourly starts of the month, all years pooled: P99 is the longest.',
  WEATHER_WINDOW:
    'Pp is an exceedance percentile over the years: the share of starts without waiting reached or exceeded in p % of the years, so P50 ≥ P99.',
  WEATHER_WINDOW_COMPLEMENT:
    'Pp is the share of starts that wait for weather not exceeded in p % of the years, so P99 ≥ P50.',
};
export const DEFAULT_CONTRACTOR_PERCENTILES: readonly number[] = [50, 60, 70, 80, 90, 99];
export const DEFAULT_CONTRACTOR_FORMAT: ContractorFormatName = 'DURATION';

/** The wizard's steps (spec 001 §2.6), RUN between outputs and statistics. */
export const contractorSteps = ['OPERATIONS', 'LOCATIONS', 'OUTPUTS', 'RUN', 'STATISTICS'] as const;
export type ContractorStep = (typeof contractorSteps)[number];
/** IDLE: never launched. */
export const contractorJobStatuses = ['IDLE', 'PENDING', 'RUNNING', 'COMPLETE', 'ERROR'] as const;
export type ContractorJobStatus = (typeof contractorJobStatuses)[number];

const percentile = z.number().int('INVALID_PERCENTILE').min(1, 'MIN_PERCENTILE').max(99, 'MAX_PERCENTILE');
const percentileList = z
  .array(percentile)
  .refine((l) => new Set(l).size === l.length, 'NON_UNIQUE_PERCENTILE');

/** GET/PUT /api/customer/settings/{customer}/: the customer's percentile set (spec 001 §3, §7). */
export const customerSettings = z.object({
  customer: entityId(),
  percentiles: percentileList.min(1, 'EMPTY_PERCENTILE'),
});
export type CustomerSettings = z.infer<typeof customerSettings>;

export const contractorParameters = z.object({
  /** Selected operation ids; each boat runs its selected operations in their order of creation. */
  operations: z.array(entityId()).default([]),
  /** Selected point ids of the project. */
  points: z.array(entityId()).default([]),
  percentiles: percentileList.default([...DEFAULT_CONTRACTOR_PERCENTILES]),
  outputFormat: z.enum(contractorFormats).nullable().default(DEFAULT_CONTRACTOR_FORMAT),
  /** Alpha factors (issue 32): "none", "os-h101-2011-t4-1" or "user-<id>"; TPOP = the operation's duration. */
  alpha: alphaChoice.default('none'),
});
export type ContractorParameters = z.infer<typeof contractorParameters>;

/** PUT /api/contractors/jobs/{id}/: step RUN launches the computation. */
export const contractorJobUpdate = z.object({
  project: entityId(),
  parameters: contractorParameters,
  step: z.enum(contractorSteps),
});

export const contractorJob = z.object({
  id: z.number(),
  project: z.number(),
  status: z.enum(contractorJobStatuses),
  step: z.enum(contractorSteps),
  taskInfo: z.object({ progress: z.number() }),
  parameters: contractorParameters,
  /** The failure's message; '' unless ERROR. */
  errorMessage: z.string(),
  hasResults: z.boolean(),
  startedAt: z.string().nullable(),
  computedAt: z.string().nullable(),
});
export type ContractorJob = z.infer<typeof contractorJob>;

const monthly = z.record(z.string(), z.record(z.string(), z.number().nullable()));
/** [P50][Jan] → [lower, upper] in the format's unit; null: no interval (fewer than 5 years, see notes). */
const monthlyIntervals = z.record(
  z.string(),
  z.record(z.string(), z.tuple([z.number(), z.number()]).nullable()),
);

/** GET /api/contractors/jobs/{id}/results/: dataByPoints[point id][boat id] (spec 001 §3 "Results"). */
export const contractorResults = z.object({
  dataFormat: z.enum(contractorFormats),
  unit: z.string(),
  percentiles: z.array(z.number()),
  periods: z.array(z.string()),
  /** First and last hour of the record, ISO UTC. */
  period: z.object({ start: z.string(), end: z.string() }),
  /** The run's points and boats as they were (names, operations and constraints), for labels. */
  points: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      lat: z.number(),
      lng: z.number(),
      /** A calibrated variant's stamp in words (issue 33): the series the run read; absent for an original. */
      calibration: z.string().optional(),
    }),
  ),
  boats: z.array(contractorBoat),
  /** The alpha table the constraints were factored with (factored: boat › operation); null or absent: none. */
  alpha: alphaSummary.nullable().optional(),
  /**
   * How the intervals beside the percentiles were computed (issue 31): year-block bootstrap, coverage,
   * resamples, seed; absent in older results.
   */
  intervals: z
    .object({ ci: z.number(), resamples: z.number(), seed: z.number(), method: z.string() })
    .optional(),
  dataByPoints: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        /** [P50][Jan]: the whole sequence of the boat's operations */
        sequence: monthly,
        /** [operation id][P50][Jan] */
        operations: z.record(z.string(), monthly),
        /** uncensored starts per month */
        starts: z.record(z.string(), z.number()),
        censored: z.number(),
        totalStarts: z.number(),
        /**
         * [operation id] → "not doable at this point: no wind speed" for the operations whose constraints
         * read a variable the point's data lack; the sequence runs the others (absent in older results).
         */
        notDoable: z.record(z.string(), z.string()).optional(),
        /**
         * Year-block bootstrap intervals beside `sequence` and `operations` (same keys), the years each
         * month rests on and why a month has none (issue 31; absent in older results).
         */
        intervals: z
          .object({
            sequence: monthlyIntervals,
            operations: z.record(z.string(), monthlyIntervals),
            years: z.record(z.string(), z.number()),
            notes: z.record(z.string(), z.string()),
          })
          .optional(),
      }),
    ),
  ),
});
export type ContractorResults = z.infer<typeof contractorResults>;
