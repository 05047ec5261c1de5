// `metocean operation`: one marine contractor's operation from every hourly start of a point file (issue
// 32): the wizard's computation (core simulateSequence, docs/methods/contractors.md) for one operation,
// printing { status, DURATION, WEATHER_WINDOW, WEATHER_WINDOW_COMPLEMENT } with the wizard's keys
// ({ P50: { Jan: … } }). Constraints "VAR<=LIMIT" (<, <=, >, >=) name a variable by the contractors' code
// (hs, tp, dp, magw, thetaw, mag, theta, wlev: SI units) or by its catalogue name. A file that lacks a
// constrained variable, or on which no start finishes, gives status "undoable" and the reason, no numbers.
import { contractorFormatUnits, contractorMessages, contractorVariableCatalogue } from '@metocean/contracts';
import {
  alphaSummary,
  CONTRACTOR_FORMATS,
  operationEnvironments,
  PlanningError,
  sequenceStatistics,
  simulateSequence,
  type Comparison,
  type ContractorFormat,
  type ContractorOperation,
  type FieldCondition,
  type MonthlyPercentiles,
} from '@metocean/core';
import { catalogueKey, planningFields } from '@metocean/hindcast';
import { alphaTableOf } from './alpha';
import { asProcess, CliError, readSeries, type Io } from './cli';
import { OPERATION_USAGE } from './operation-usage';
import { planningPercentiles } from './planning';

const COMPARISONS: Record<string, Comparison> = {
  '<': 'LESS',
  '<=': 'LESS_EQUAL',
  '>': 'GREATER',
  '>=': 'GREATER_EQUAL',
};

export interface OperationConstraint {
  /** As written. */
  text: string;
  variable: string;
  /** The catalogue field it reads. */
  field: string;
  comparison: Comparison;
  limit: number;
}

/** "hs<=1.0" → the field condition; throws CliError for an unknown variable or a malformed text. */
export function parseConstraint(text: string): OperationConstraint {
  const m = /^\s*([A-Za-z][\w-]*)\s*(<=|>=|<|>)\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*$/.exec(text);
  if (!m)
    throw new CliError(
      `operation: --constraint "${text}": expected VARIABLE<LIMIT (<, <=, >, >=), e.g. "hs<=1.5"`,
    );
  const variable = m[1]!;
  const code = contractorVariableCatalogue.find((v) => v.name === variable.toLowerCase());
  const field = code?.field ?? catalogueKey(variable, {});
  if (!field)
    throw new CliError(
      `operation: --constraint "${text}": unknown variable "${variable}" (${contractorVariableCatalogue.map((v) => v.name).join(', ')} or a catalogue name)`,
    );
  return { text: text.trim(), variable, field, comparison: COMPARISONS[m[2]!]!, limit: Number(m[3]) };
}

interface OperationArgs {
  file: string;
  durationHours: number;
  constraints: OperationConstraint[];
  percentiles: number[];
  alpha?: string;
  alphaTable?: string;
  options: Record<string, string>;
}

export function parseOperationArguments(argv: readonly string[]): OperationArgs {
  const [file, ...rest] = argv;
  if (!file || file.startsWith('--'))
    throw new CliError(`operation: a point FILE is required\n${OPERATION_USAGE}`);
  const args: Partial<OperationArgs> & {
    constraints: OperationConstraint[];
    options: Record<string, string>;
  } = {
    file,
    constraints: [],
    options: {},
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('--')) throw new CliError(`operation: unexpected argument "${arg}"`);
    const [key, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? rest[++i];
    if (value === undefined) throw new CliError(`operation: --${key} needs a value`);
    switch (key) {
      case 'duration': {
        const hours = Number(value);
        if (!/^\d+$/.test(value.trim()) || !(hours > 0 && hours < 32767))
          throw new CliError(`operation: --duration: ${contractorMessages.duration}`);
        args.durationHours = hours;
        break;
      }
      case 'constraint':
        args.constraints.push(parseConstraint(value));
        break;
      case 'percentiles':
        args.percentiles = planningPercentiles(value, 'operation');
        break;
      case 'alpha':
        args.alpha = value;
        break;
      case 'alpha-table':
        args.alphaTable = value;
        break;
      case 'lat':
      case 'lon':
      case 'missing':
      case 'decimal':
        args.options[key] = value;
        break;
      default:
        throw new CliError(
          `operation: unknown option --${key} (options: --duration, --constraint, --percentiles, --alpha, --alpha-table, --lat, --lon, --missing, --decimal)`,
        );
    }
  }
  if (args.durationHours === undefined) throw new CliError('operation: --duration H is required');
  if (args.constraints.length === 0)
    throw new CliError(
      `operation: at least one --constraint is required (${contractorMessages.operationWithoutConstraint})`,
    );
  return { percentiles: [50, 60, 70, 80, 90, 99], ...args } as OperationArgs;
}

/** Printed precision: days to 4 decimals (under 10 s, the record being hourly), percentages to 2. */
export const OUTPUT_DECIMALS: Record<ContractorFormat, number> = {
  DURATION: 4,
  WEATHER_WINDOW: 2,
  WEATHER_WINDOW_COMPLEMENT: 2,
};

export function roundTable(table: MonthlyPercentiles, decimals: number): MonthlyPercentiles {
  return Object.fromEntries(
    Object.entries(table).map(([key, byMonth]) => [
      key,
      Object.fromEntries(
        Object.entries(byMonth).map(([m, v]) => [m, v === null ? null : Number(v.toFixed(decimals))]),
      ),
    ]),
  );
}

export async function operation(argv: readonly string[], io: Io): Promise<unknown> {
  const args = parseOperationArguments(argv);
  const alpha = alphaTableOf('operation', args.alpha, args.alphaTable, io);
  const { series } = await readSeries(args.file, io, args.options, 'operation');
  const fields = planningFields(series.fields);
  const operationLine = {
    durationHours: args.durationHours,
    constraints: args.constraints.map((c) => c.text),
  };
  const missing = args.constraints.filter((c) => fields[c.field] === undefined);
  if (missing.length > 0)
    return {
      status: 'undoable',
      reason: `${args.file} has no ${[...new Set(missing.map((c) => c.field))].join(', ')} (constraint ${missing.map((c) => `"${c.text}"`).join(', ')})`,
      operation: operationLine,
    };
  const op: ContractorOperation = {
    name: args.constraints.map((c) => c.text).join(', '),
    durationHours: args.durationHours,
    conditions: args.constraints.map((c): FieldCondition => ({
      field: c.field,
      comparison: c.comparison,
      limit: c.limit,
    })),
  };
  try {
    const { factored } = operationEnvironments([op], alpha);
    const sim = simulateSequence(series.time, { name: args.file, fields }, [op], alpha);
    const tables = Object.fromEntries(
      CONTRACTOR_FORMATS.map((format) => [format, sequenceStatistics(sim, args.percentiles, format)]),
    );
    const duration = tables.DURATION!;
    const anyValue = Object.values(duration.sequence).some((byMonth) =>
      Object.values(byMonth).some((v) => v !== null),
    );
    const common = {
      operation: operationLine,
      alpha: alpha ? alphaSummary(alpha, factored) : null,
      period: {
        start: new Date(series.time[0]!).toISOString(),
        end: new Date(series.time[series.time.length - 1]!).toISOString(),
      },
      starts: duration.starts,
      censored: duration.censored,
      totalStarts: duration.totalStarts,
    };
    if (!anyValue) return { status: 'undoable', reason: contractorMessages.restrictive, ...common };
    return {
      status: 'done',
      units: contractorFormatUnits,
      ...Object.fromEntries(
        CONTRACTOR_FORMATS.map((format) => [
          format,
          roundTable(tables[format]!.sequence, OUTPUT_DECIMALS[format]),
        ]),
      ),
      ...common,
    };
  } catch (error) {
    if (error instanceof PlanningError) throw new CliError(`operation: ${error.message}`);
    throw error;
  }
}

export async function runOperationCli(
  argv: readonly string[],
  io: Io,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return asProcess(() => operation(argv, io));
}
