// The `metocean` command: runs a statistic of the core on a point series (CSV, NetCDF, Zarr) and prints
// JSON. Thin: parse arguments, read the file, call the core, shape the answer. Errors are thrown as
// CliError (exit code 1).
import {
  ANNUAL_MAXIMA_LAWS,
  PEAKS_LAWS,
  analyzeSample,
  annualMaximaSample,
  circularStats,
  contourExceedances,
  contourWarnings,
  describe,
  DEFAULT_INTERVAL,
  DESCRIBE_PERCENTILES,
  INTERVAL_KINDS,
  extremeValueAnalysis,
  CONTOUR_BAND_RESAMPLES,
  environmentalContours,
  fitHsTpModel,
  HOURS_PER_YEAR,
  isDirection,
  iformContour,
  jointTable,
  monthlyStats,
  rose,
  HOUR_MS,
  weatherDowntime,
  waitPercentileIntervals,
  windowProbabilityIntervals,
  DEFAULT_INTERVALS,
  intervalOptions,
  type IntervalOptions,
  weatherWindows,
} from '@metocean/core';
import type { ExtremeMethod, IntervalKind, LawId, Series } from '@metocean/core';
import {
  catalogueKey,
  formatStep,
  nameAndUnits,
  numericColumns,
  parseCsvTable,
  parseStep,
  readCsvSeries,
  readPointSeries,
  sniffFormat,
  type DecimalMark,
} from '@metocean/hindcast';
import { commandMethod, durationNotes, evaMethod, RESULT_UNITS, unitsOf, type Report } from './report';
import { OPERATION_USAGE } from './operation-usage';
import { PLANNING_USAGE } from './planning-usage';
import { COMPARE_USAGE } from './compare-usage';

export class CliError extends Error {}

export const INGEST_USAGE = `  ingest    FILE [FILE …] --name NAME --licence TEXT --source TEXT (--out DIR | --server URL --zones 3,4
            --username NAME) [--kind regional|global] [--origin TEXT] [--notes TEXT] [--citation TEXT]
            [--private] [--lat N --lon N] [--resolution N --resolution-units degree|km] [--missing V[,V]]
            NetCDF4/NetCDF3 (.nc), xarray Zarr folders, point CSVs; several files are one record split in
            time. --out writes a Zarr store; --server registers the file as a dataset serving the zones
            (administrators; the password is read from METOCEAN_PASSWORD).`;

export const USAGE = `usage: metocean <command> FILE [options]
  describe  FILE --var hs [--percentiles 1,5,50,95,99]
  monthly   FILE --var hs
  eva       FILE --var hs --method annual-maxima|pot --law gev|gumbel|gpd|exponential|weibull2|weibull3
            [--threshold 0.99q|<value>] [--separation 48] [--return-periods 1,2,5,10,20,50,100] [--ci 0.9]
            [--interval profile|bootstrap|delta] [--resamples 1000] [--seed 1] [--minima] [--input maxima]
  joint     FILE --x hs --y tp --dx 0.5 --dy 1
  rose      FILE --dir mwd --var hs --sectors 8|16|36 --edges 0,1,2,3,4
  windows   FILE --var hs --below 1.5 --durations 6,12,24,48 [--ci 0.9 --resamples 1000 --seed 1]
  downtime  FILE --var hs --below 2 --duration 12 [--ci 0.9 --resamples 1000 --seed 1]
            (Kaplan–Meier waits; P50 and P90 with their year-block bootstrap intervals)
  contours  FILE --hs hs --tp tp --return-periods 1,10,100 [--band [--ci 0.9 --resamples 200 --seed 1]]
            (--band: each contour's year-block bootstrap band, as the server's contour band route)
  every statistic also takes [--missing V[,V]] [--decimal ,] [--resample 1h] (see below)
${INGEST_USAGE}
${PLANNING_USAGE}
${COMPARE_USAGE}
${OPERATION_USAGE}
The statistics' FILE is a point series:
  - a CSV (RFC 4180: header row, # comments, ',' ';' or tab separators detected, quoted cells, UTF-8 BOM,
    CRLF; time first as YYYY-MM-DD HH:MM:SS, YYYY-MM-DD-HH or ISO 8601, UTC; a column is named by its
    header, with or without its units "Hs [m]", or by its catalogue name hs; decimal commas are read with
    ';' or tab separators, or with --decimal ,). The series keeps its own regular step (10 min, 1 h, 3 h …;
    absent steps are gaps); mixed steps are refused unless --resample STEP keeps the rows on one grid.
    Empty, NaN, NA, null and MM cells, values declared with --missing and values outside the physical
    range of a catalogue variable (Hs -999, NDBC 99.00) are missing: counted and reported on stderr;
  - or a NetCDF3/NetCDF4 file, an xarray Zarr folder or a store written by \`metocean ingest --out\`, whose
    variables are read under their catalogue names (hs, tp, dir, wind_speed_10m …; swh or mwd also find
    them). A file of several nodes needs --lat N --lon N: the nearest node with data is read.
Prints JSON on stdout: { command, file, units, method, step, notes, result }, the units of every variable
read and quantity printed, the method (for eva: sample, law, fit and interval method) and the step;
notes and warnings also on stderr; errors on stderr with exit code 1.`;

const COMMANDS = ['describe', 'monthly', 'eva', 'joint', 'rose', 'windows', 'downtime', 'contours'] as const;
type Command = (typeof COMMANDS)[number];
const FLAGS = new Set(['minima', 'band']);
/** Options of each command (--lat and --lon choose the node of a file of several). */
const OPTIONS: Record<Command, readonly string[]> = {
  describe: ['var', 'percentiles'],
  monthly: ['var'],
  eva: [
    'var',
    'method',
    'law',
    'threshold',
    'separation',
    'return-periods',
    'ci',
    'interval',
    'resamples',
    'seed',
    'minima',
    'input',
  ],
  joint: ['x', 'y', 'dx', 'dy'],
  rose: ['dir', 'var', 'sectors', 'edges'],
  windows: ['var', 'below', 'durations', 'ci', 'resamples', 'seed'],
  downtime: ['var', 'below', 'duration', 'ci', 'resamples', 'seed'],
  contours: ['hs', 'tp', 'return-periods', 'band', 'ci', 'resamples', 'seed'],
};
/** Options of every statistic: the node of a file of several, and how a file is read (issue 21). */
const READING_OPTIONS = ['lat', 'lon', 'missing', 'decimal', 'resample'] as const;
/** Direction sectors of a rose (issue 3, DR). */
const ROSE_SECTORS = [8, 16, 36];

export interface Parsed {
  command: Command;
  file: string;
  options: Record<string, string>;
}

export function parseArguments(argv: readonly string[]): Parsed {
  const [command, file, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') throw new CliError(USAGE);
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new CliError(`unknown command "${command}"\n${USAGE}`);
  if (!file || file.startsWith('--')) throw new CliError(`${command}: a FILE is required\n${USAGE}`);
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('--')) throw new CliError(`${command}: unexpected argument "${arg}"`);
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const known = [...OPTIONS[command as Command], ...READING_OPTIONS];
    if (!known.includes(key)) {
      throw new CliError(
        `${command}: unknown option --${key} (options: ${known.map((k) => `--${k}`).join(', ')})`,
      );
    }
    if (FLAGS.has(key)) options[key] = 'true';
    else if (inline !== undefined) options[key] = inline;
    else {
      const value = rest[++i];
      if (value === undefined) throw new CliError(`${command}: --${key} needs a value`);
      options[key] = value;
    }
  }
  return { command: command as Command, file, options };
}

function required(options: Record<string, string>, key: string, command: string): string {
  const value = options[key];
  if (value === undefined || value === '') throw new CliError(`${command}: --${key} is required`);
  return value;
}

function numberOption(
  options: Record<string, string>,
  key: string,
  command: string,
  fallback?: number,
): number {
  const text = options[key];
  if (text === undefined) {
    if (fallback === undefined) throw new CliError(`${command}: --${key} is required`);
    return fallback;
  }
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new CliError(`${command}: --${key} must be a number, got "${text}"`);
  return value;
}

function listOption(
  options: Record<string, string>,
  key: string,
  command: string,
  fallback?: readonly number[],
): number[] {
  const text = options[key];
  if (text === undefined) {
    if (!fallback) throw new CliError(`${command}: --${key} is required`);
    return [...fallback];
  }
  const items = text.split(',').map((s) => s.trim());
  const values = items.map(Number);
  if (items.some((item) => item === '') || values.some((v) => !Number.isFinite(v))) {
    throw new CliError(`${command}: --${key} must be comma-separated numbers, got "${text}"`);
  }
  return values;
}

/** A point series and the variables of its file that were not read (NetCDF: not in the catalogue). */
interface PointSeries {
  series: Series;
  skipped: string[];
  /** Values treated as missing, rows resampled: one sentence each. */
  notes: string[];
}

/** What a command read, for the report printed around its result. */
interface Context {
  point: PointSeries | null;
  notes: string[];
  /** Units of variables read outside a point series (--input maxima). */
  units: Record<string, string>;
}

/**
 * The column of `names` that `--<option> name` asks for: the exact name, any case, or a name standing for
 * the same catalogue variable (swh and hs). `skipped`: the file's variables not read, named in the error.
 */
function columnName(
  names: readonly string[],
  name: string,
  command: string,
  skipped: readonly string[] = [],
): string {
  const key = catalogueKey(name, {});
  // the literal header `Hs [m]` names the column `Hs` (its units in brackets)
  const bare = nameAndUnits(name).name;
  const match =
    names.find((k) => k === name) ??
    names.find((k) => k.toLowerCase() === name.toLowerCase()) ??
    names.find((k) => k.toLowerCase() === bare.toLowerCase()) ??
    (key === null ? undefined : names.find((k) => k === key || catalogueKey(k, {}) === key));
  if (match !== undefined) return match;
  const notRead = skipped.length ? `; not read: ${skipped.join('; ')}` : '';
  throw new CliError(`${command}: no column "${name}" (have ${names.join(', ')}${notRead})`);
}

function fieldValues(
  { series, skipped }: PointSeries,
  name: string,
  command: string,
): Float64Array | Float32Array {
  return series.fields[columnName(Object.keys(series.fields), name, command, skipped)]!.values;
}

export interface Io {
  readText: (path: string) => string;
  warn: (message: string) => void;
}

/** --ci, --resamples, --seed of the year-block bootstrap intervals (issue 31), checked. */
function intervalsOf(options: Record<string, string>, command: string): Required<IntervalOptions> {
  try {
    return intervalOptions({
      ci: numberOption(options, 'ci', command, DEFAULT_INTERVALS.ci),
      resamples: numberOption(options, 'resamples', command, DEFAULT_INTERVALS.resamples),
      seed: numberOption(options, 'seed', command, DEFAULT_INTERVALS.seed),
    });
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${command}: ${(error as Error).message.replace(/^intervals: /, '--')}`);
  }
}

/**
 * A note or a warning: on stderr as it happens, and in the JSON's `notes`, which is all a script reading
 * stdout sees (issue 30: the short-record and law-choice warnings were on stderr only).
 */
function tell(io: Io, context: Context | undefined, kind: 'note' | 'warning', message: string): void {
  io.warn(`${kind}: ${message}`);
  context?.notes.push(message);
}

function optionalNumber(options: Record<string, string>, key: string, command: string): number | undefined {
  return options[key] === undefined ? undefined : numberOption(options, key, command);
}

/** The message of an error of reading FILE, naming the file once. */
function fileError(file: string, error: unknown): CliError {
  if (error instanceof CliError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const missing = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
  if (missing) return new CliError(`${file}: no such file`);
  return new CliError(message.startsWith(file) ? message : `${file}: ${message}`);
}

/** --decimal: the decimal mark of a CSV ('.' or ','). */
function decimalOption(options: Record<string, string>, command: string): DecimalMark | undefined {
  const decimal = options.decimal;
  if (decimal === undefined) return undefined;
  if (decimal !== '.' && decimal !== ',')
    throw new CliError(`${command}: --decimal must be "," or ".", got "${decimal}"`);
  return decimal;
}

/** --missing V[,V]: values meaning missing besides the empty cell, NaN and the catalogue's ranges. */
function missingOption(options: Record<string, string>, command: string): number[] {
  return options.missing === undefined ? [] : listOption(options, 'missing', command);
}

/** --resample STEP in ms (10min, 1h, 3h …). */
function resampleOption(options: Record<string, string>, command: string): number | undefined {
  if (options.resample === undefined) return undefined;
  try {
    return parseStep(options.resample);
  } catch (error) {
    throw new CliError(`${command}: --resample: ${(error as Error).message}`);
  }
}

/** The point series of FILE: a CSV, or a NetCDF file or Zarr store (the node nearest --lat/--lon). */
export async function readSeries(
  file: string,
  io: Io,
  options: Record<string, string>,
  command: string,
  context?: Context,
): Promise<PointSeries> {
  const position = {
    lat: optionalNumber(options, 'lat', command),
    lon: optionalNumber(options, 'lon', command),
  };
  const decimal = decimalOption(options, command);
  const missing = missingOption(options, command);
  const resampleMs = resampleOption(options, command);
  let point: PointSeries;
  try {
    const format = await sniffFormat(file);
    if (format === 'text') {
      const read = readCsvSeries(io.readText(file), {
        missing,
        ...(decimal ? { decimal } : {}),
        ...(resampleMs !== undefined ? { resampleMs } : {}),
      });
      point = { series: read.series, skipped: [], notes: read.notes };
    } else {
      if (decimal !== undefined || resampleMs !== undefined)
        throw new CliError(`${command}: --decimal and --resample apply to CSV files, not to ${file}`);
      // declared values are compared with the file's own (before any conversion of units)
      const { series, node, skipped, notes } = await readPointSeries(file, format, { ...position, missing });
      const nodeNote = node
        ? [
            `node ${node.index} read (${node.lat.toFixed(4)}, ${node.lon.toFixed(4)}), ` +
              `${node.distanceKm.toFixed(1)} km from the position given`,
          ]
        : [];
      point = { series, skipped, notes: [...nodeNote, ...notes] };
    }
  } catch (error) {
    throw fileError(file, error);
  }
  for (const note of point.notes) tell(io, context, 'note', note);
  if (context) context.point = point;
  return point;
}

/** The annual maxima of `--input maxima`: one per row of a CSV column, missing values left out. */
function readMaxima(
  file: string,
  io: Io,
  options: Record<string, string>,
  name: string,
): { values: number[]; units: string } {
  if (options.resample !== undefined)
    throw new CliError('eva: --resample applies to a time series, not to --input maxima');
  const decimal = decimalOption(options, 'eva');
  const declared = new Set(missingOption(options, 'eva'));
  let columns: Record<string, Float64Array>;
  let headers: string[];
  try {
    const table = parseCsvTable(io.readText(file), decimal ? { decimal } : {});
    columns = numericColumns(table);
    headers = table.columns;
  } catch (error) {
    throw fileError(file, error);
  }
  const column = columnName(Object.keys(columns), name, 'eva');
  const header = headers.find((h) => nameAndUnits(h).name === column) ?? column;
  return {
    values: [...columns[column]!].filter((v) => !Number.isNaN(v) && !declared.has(v)),
    units: nameAndUnits(header).units,
  };
}

const LAWS_BY_METHOD: Record<ExtremeMethod, readonly string[]> = {
  'annual-maxima': ANNUAL_MAXIMA_LAWS,
  pot: PEAKS_LAWS,
};

async function eva(
  file: string,
  options: Record<string, string>,
  io: Io,
  context: Context,
): Promise<Record<string, unknown>> {
  const method = required(options, 'method', 'eva');
  if (method !== 'annual-maxima' && method !== 'pot')
    throw new CliError(`eva: --method must be annual-maxima or pot, got "${method}"`);
  const law = required(options, 'law', 'eva');
  if (!LAWS_BY_METHOD[method].includes(law)) {
    throw new CliError(
      `eva: --law ${law} does not apply to ${method} (use ${LAWS_BY_METHOD[method].join(', ')})`,
    );
  }
  // the app's default too (the registry's extremes, docs/decisions.md issue 21)
  const interval = (options.interval ?? DEFAULT_INTERVAL) as IntervalKind;
  if (!INTERVAL_KINDS.includes(interval))
    throw new CliError(`eva: --interval must be ${INTERVAL_KINDS.join(', ')}, got "${options.interval}"`);
  const confidence = numberOption(options, 'ci', 'eva', 0.9);
  if (!(confidence > 0 && confidence < 1))
    throw new CliError(`eva: --ci must be in (0, 1), got ${confidence}`);
  const common = {
    method,
    law: law as LawId,
    returnPeriods: listOption(options, 'return-periods', 'eva', [1, 2, 5, 10, 20, 50, 100]),
    confidence,
    interval,
    resamples: numberOption(options, 'resamples', 'eva', 1000),
    seed: numberOption(options, 'seed', 'eva', 1),
    minima: options.minima === 'true',
  } as const;
  const var_ = required(options, 'var', 'eva');
  let result;
  if (options.input === 'maxima') {
    if (method !== 'annual-maxima') throw new CliError('eva: --input maxima needs --method annual-maxima');
    const read = readMaxima(file, io, options, var_);
    context.units[var_] = unitsOf(var_, read.units);
    const maxima = read.values.map((v) => (common.minima ? -v : v));
    result = analyzeSample(annualMaximaSample(maxima), common, common.minima);
  } else if (options.input !== undefined) {
    throw new CliError(`eva: --input must be "maxima", got "${options.input}"`);
  } else {
    const point = await readSeries(file, io, options, 'eva', context);
    const threshold = options.threshold;
    result = extremeValueAnalysis(point.series.time, fieldValues(point, var_, 'eva'), {
      ...common,
      threshold:
        threshold === undefined
          ? undefined
          : /q$/i.test(threshold)
            ? threshold
            : numberOption(options, 'threshold', 'eva'),
      separationHours: numberOption(options, 'separation', 'eva', 48),
    });
  }
  for (const warning of result.warnings) tell(io, context, 'warning', warning);
  return {
    law: result.law,
    method: result.method,
    parameters: result.parameters,
    nll: result.nll,
    threshold: result.threshold,
    nPeaks: result.nPeaks,
    poissonLambda: result.poissonLambda,
    returnValues: result.returnValues,
    fit: 'maximum likelihood',
    // which interval, and on a short record the law the likelihood-ratio test made primary
    interval: result.interval,
    intervalScale: result.intervalScale,
    confidence: result.confidence,
    lawSelection: result.lawSelection,
  };
}

/** The variables a command reads: the values of its options naming columns. */
const VARIABLE_OPTIONS = ['var', 'x', 'y', 'dir', 'hs', 'tp'];

/** Runs one command; returns the result with its units, method, step and notes (report.ts). */
export async function execute(argv: readonly string[], io: Io): Promise<Report> {
  const { command, file, options } = parseArguments(argv);
  const context: Context = { point: null, notes: [], units: {} };
  const result =
    command === 'eva'
      ? await eva(file, options, io, context)
      : await compute(command, file, options, io, context);
  const units: Record<string, string> = { ...context.units };
  const point = context.point;
  for (const key of VARIABLE_OPTIONS) {
    const name = options[key];
    if (name === undefined || (command === 'eva' && key !== 'var')) continue;
    if (!point) continue;
    const column = columnName(Object.keys(point.series.fields), name, command, point.skipped);
    units[column] = unitsOf(column, point.series.fields[column]!.units);
  }
  Object.assign(units, RESULT_UNITS[command]);
  const stepHours = point ? point.series.stepMs / HOUR_MS : NaN;
  const method =
    command === 'eva'
      ? evaMethod(result as Parameters<typeof evaMethod>[0], optionalNumber(options, 'separation', 'eva'))
      : commandMethod(command, options, stepHours);
  return {
    command,
    file,
    units,
    method,
    step: point ? formatStep(point.series.stepMs) : null,
    notes: context.notes,
    result,
  };
}

async function compute(
  command: Exclude<Command, 'eva'>,
  file: string,
  options: Record<string, string>,
  io: Io,
  context: Context,
): Promise<unknown> {
  const point = await readSeries(file, io, options, command, context);
  const { series } = point;
  const field = (key: string): Float64Array | Float32Array =>
    fieldValues(point, required(options, key, command), command);
  if (command === 'windows' || command === 'downtime') {
    const hours =
      command === 'windows'
        ? listOption(options, 'durations', command)
        : [numberOption(options, 'duration', command)];
    for (const note of durationNotes(hours, series.stepMs)) tell(io, context, 'note', note);
  }
  switch (command) {
    case 'describe': {
      const d = describe(field('var'), listOption(options, 'percentiles', command, DESCRIBE_PERCENTILES));
      const name = columnName(
        Object.keys(series.fields),
        required(options, 'var', command),
        command,
        point.skipped,
      );
      if (!isDirection(name, series.fields[name]!)) return d;
      // a direction: the circular mean and standard deviation (the arithmetic mean of 350° and 10° is 180°)
      const c = circularStats(series.fields[name]!.values);
      return { ...d, mean: c.mean, std: c.std, circular: true, resultantLength: c.resultantLength };
    }
    case 'monthly':
      return monthlyStats(series.time, field('var')).map((r) => ({
        month: r.month,
        count: r.count,
        mean: r.mean,
        min: r.min,
        max: r.max,
      }));
    case 'joint': {
      const t = jointTable(field('x'), field('y'), {
        dx: numberOption(options, 'dx', command),
        dy: numberOption(options, 'dy', command),
      });
      return { xEdges: t.xEdges, yEdges: t.yEdges, counts: t.counts, perMille: t.perMille };
    }
    case 'rose': {
      const sectors = numberOption(options, 'sectors', command, 16);
      if (!ROSE_SECTORS.includes(sectors))
        throw new CliError(`rose: --sectors must be ${ROSE_SECTORS.join(', ')}, got ${sectors}`);
      const r = rose(field('dir'), field('var'), { sectors, edges: listOption(options, 'edges', command) });
      return { sectors: r.sectors, edges: r.edges, percent: r.percent };
    }
    case 'windows': {
      const setting = {
        below: numberOption(options, 'below', command),
        durationsHours: listOption(options, 'durations', command),
        stepMs: series.stepMs,
      };
      // issue 31: the probability's year-block bootstrap interval and the years it rests on
      const bands = windowProbabilityIntervals(
        series.time,
        field('var'),
        setting,
        intervalsOf(options, command),
      );
      return weatherWindows(series.time, field('var'), setting)
        .filter((r) => r.month > 0)
        .map((r) => {
          const band = bands.find((b) => b.month === r.month && b.durationHours === r.durationHours)!;
          return {
            month: r.month,
            durationHours: r.durationHours,
            probability: r.probability,
            meanCalmPeriods: r.meanCalmPeriods,
            // starts whose window runs into missing data: left out of the probability (issue 21)
            censored: r.censored,
            probabilityInterval: band.interval,
            intervalYears: band.years,
            ...(band.note ? { intervalNote: band.note } : {}),
          };
        });
    }
    case 'downtime': {
      const setting = {
        below: numberOption(options, 'below', command),
        durationHours: numberOption(options, 'duration', command),
        stepMs: series.stepMs,
      };
      const intervals = intervalsOf(options, command);
      // issue 31: the year-block bootstrap intervals of P50 and P90 beside them, with the years they rest on
      const bands = waitPercentileIntervals(
        series.time,
        field('var'),
        { ...setting, percentiles: [50, 90] },
        intervals,
      );
      return weatherDowntime(series.time, field('var'), setting)
        .filter((r) => r.month > 0)
        .map((r) => {
          const band = bands.find((b) => b.month === r.month)!;
          return {
            month: r.month,
            // Kaplan–Meier over every start (issue 31): the mean is restricted to its horizon, a percentile
            // the curve never reaches is null: more than followUpHours
            meanWaitHours: r.meanWaitHours,
            meanHorizonHours: r.meanHorizonHours,
            meanRestricted: r.meanRestricted,
            p50WaitHours: r.p50WaitHours,
            p90WaitHours: r.p90WaitHours,
            followUpHours: r.followUpHours,
            censored: r.censored,
            // [lower, upper] hours; null: under 5 years (intervalNote) or both ends censored
            p50WaitInterval: band.intervals['50'] ?? null,
            p90WaitInterval: band.intervals['90'] ?? null,
            // an end null with 5 years or more is censored: more than these hours (shortest follow-up of
            // the resamples never reaching the percentile)
            ...(band.moreThanHours ? { waitIntervalMoreThanHours: band.moreThanHours } : {}),
            intervalYears: band.years,
            ...(band.note ? { intervalNote: band.note } : {}),
          };
        });
    }
    case 'contours': {
      const hs = field('hs');
      const tp = field('tp');
      const model = fitHsTpModel(hs, tp);
      // one sea state lasts one step of the series: N = T · 8765.82 h / step
      const seaStateHours = series.stepMs / HOUR_MS;
      const returnPeriods = listOption(options, 'return-periods', command, [1, 10, 100]);
      if (options.band === 'true') {
        // issue 31 §3: the band the server's contour band route computes, from the same core function (the
        // joint model refitted on whole calendar years drawn with replacement; 200 resamples by default)
        const intervals = intervalsOf({ resamples: String(CONTOUR_BAND_RESAMPLES), ...options }, command);
        const result = environmentalContours(hs, tp, {
          returnPeriods,
          seaStateHours,
          time: series.time,
          intervals,
        });
        for (const w of result.warnings) tell(io, context, 'warning', w);
        if (result.bandNote) tell(io, context, 'note', result.bandNote);
        return { contours: result.contours, band: result.band, bandNote: result.bandNote };
      }
      for (const key of ['ci', 'resamples', 'seed'])
        if (options[key] !== undefined) throw new CliError(`contours: --${key} needs --band`);
      const contours = returnPeriods.map((T) => iformContour(model, T, { seaStateHours }));
      // observed sea states outside a contour the record spans (one per step, as the contours)
      const { exceedances, pairs } = contourExceedances(model, contours, hs, tp);
      for (const w of contourWarnings(exceedances, (pairs * seaStateHours) / HOURS_PER_YEAR))
        tell(io, context, 'warning', w);
      return contours;
    }
  }
}

/** JSON with NaN and infinities as null. */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v),
    2,
  );
}

/**
 * A command run with the process's conventions: its JSON on stdout, or the message on stderr with exit code
 * 1 (a command's own errors as they are, anything else after "metocean: ").
 */
export async function asProcess(
  work: () => Promise<unknown>,
  isOwnError: (error: unknown) => boolean = (error) => error instanceof CliError,
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    return { stdout: toJson(await work()) + '\n', stderr: '', code: 0 };
  } catch (error) {
    const message = isOwnError(error)
      ? (error as Error).message
      : `metocean: ${error instanceof Error ? error.message : String(error)}`;
    return { stdout: '', stderr: message + '\n', code: 1 };
  }
}

export async function runCli(
  argv: readonly string[],
  io: Io,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return asProcess(() => execute(argv, io));
}
