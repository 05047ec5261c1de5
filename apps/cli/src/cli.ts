// The `metocean` command: runs a statistic of the core on a point series (CSV, NetCDF, Zarr) and prints
// JSON. Thin: parse arguments, read the file, call the core, shape the answer. Errors are thrown as
// CliError (exit code 1).
import {
  ANNUAL_MAXIMA_LAWS,
  PEAKS_LAWS,
  analyzeSample,
  annualMaximaSample,
  describe,
  DESCRIBE_PERCENTILES,
  extremeValueAnalysis,
  fitHsTpModel,
  iformContour,
  jointTable,
  monthlyStats,
  rose,
  weatherDowntime,
  weatherWindows,
} from '@metocean/core';
import type { ExtremeMethod, LawId, Series } from '@metocean/core';
import {
  catalogueKey,
  numericColumns,
  parseCsvSeries,
  parseCsvTable,
  readPointSeries,
  sniffFormat,
} from '@metocean/hindcast';
import { PLANNING_USAGE } from './planning-usage';

export class CliError extends Error {}

export const INGEST_USAGE = `  ingest    FILE [FILE …] --name NAME --licence TEXT --source TEXT (--out DIR | --server URL --zones 3,4
            --username NAME) [--kind regional|global] [--origin TEXT] [--notes TEXT] [--citation TEXT]
            [--private] [--lat N --lon N] [--resolution N --resolution-units degree|km]
            NetCDF4/NetCDF3 (.nc), xarray Zarr folders, point CSVs; several files are one record split in
            time. --out writes a Zarr store; --server registers the file as a dataset serving the zones
            (administrators; the password is read from METOCEAN_PASSWORD).`;

export const USAGE = `usage: metocean <command> FILE [options]
  describe  FILE --var hs [--percentiles 1,5,50,95,99]
  monthly   FILE --var hs
  eva       FILE --var hs --method annual-maxima|pot --law gev|gumbel|gpd|exponential|weibull2|weibull3
            [--threshold 0.99q|<value>] [--separation 48] [--return-periods 1,2,5,10,20,50,100] [--ci 0.9]
            [--interval bootstrap|delta] [--resamples 1000] [--seed 1] [--minima] [--input maxima]
  joint     FILE --x hs --y tp --dx 0.5 --dy 1
  rose      FILE --dir mwd --var hs --sectors 8|16|36 --edges 0,1,2,3,4
  windows   FILE --var hs --below 1.5 --durations 6,12,24,48
  downtime  FILE --var hs --below 2 --duration 12
  contours  FILE --hs hs --tp tp --return-periods 1,10,100
${INGEST_USAGE}
${PLANNING_USAGE}
The statistics' FILE is a point series:
  - a CSV (header row, # comments, ',' or ';' separators, time first as YYYY-MM-DD HH:MM:SS or
    YYYY-MM-DD-HH, UTC; absent hours are gaps; empty or NaN cells are missing values);
  - or a NetCDF3/NetCDF4 file, an xarray Zarr folder or a store written by \`metocean ingest --out\`, whose
    variables are read under their catalogue names (hs, tp, dir, wind_speed_10m …; swh or mwd also find
    them). A file of several nodes needs --lat N --lon N: the nearest node with data is read.
Prints JSON on stdout; errors on stderr with exit code 1.`;

const COMMANDS = ['describe', 'monthly', 'eva', 'joint', 'rose', 'windows', 'downtime', 'contours'] as const;
type Command = (typeof COMMANDS)[number];
const FLAGS = new Set(['minima']);
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
  windows: ['var', 'below', 'durations'],
  downtime: ['var', 'below', 'duration'],
  contours: ['hs', 'tp', 'return-periods'],
};
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
    const known = [...OPTIONS[command as Command], 'lat', 'lon'];
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
  const match =
    names.find((k) => k === name) ??
    names.find((k) => k.toLowerCase() === name.toLowerCase()) ??
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

/** The point series of FILE: a CSV, or a NetCDF file or Zarr store (the node nearest --lat/--lon). */
export async function readSeries(
  file: string,
  io: Io,
  options: Record<string, string>,
  command: string,
): Promise<PointSeries> {
  const position = {
    lat: optionalNumber(options, 'lat', command),
    lon: optionalNumber(options, 'lon', command),
  };
  try {
    const format = await sniffFormat(file);
    if (format === 'text') return { series: parseCsvSeries(io.readText(file)), skipped: [] };
    const { series, node, skipped } = await readPointSeries(file, format, position);
    if (node) {
      io.warn(
        `note: node ${node.index} read (${node.lat.toFixed(4)}, ${node.lon.toFixed(4)}), ` +
          `${node.distanceKm.toFixed(1)} km from the position given`,
      );
    }
    return { series, skipped };
  } catch (error) {
    throw fileError(file, error);
  }
}

const LAWS_BY_METHOD: Record<ExtremeMethod, readonly string[]> = {
  'annual-maxima': ANNUAL_MAXIMA_LAWS,
  pot: PEAKS_LAWS,
};

async function eva(file: string, options: Record<string, string>, io: Io): Promise<unknown> {
  const method = required(options, 'method', 'eva');
  if (method !== 'annual-maxima' && method !== 'pot')
    throw new CliError(`eva: --method must be annual-maxima or pot, got "${method}"`);
  const law = required(options, 'law', 'eva');
  if (!LAWS_BY_METHOD[method].includes(law)) {
    throw new CliError(
      `eva: --law ${law} does not apply to ${method} (use ${LAWS_BY_METHOD[method].join(', ')})`,
    );
  }
  const interval = options.interval ?? 'bootstrap';
  if (interval !== 'bootstrap' && interval !== 'delta')
    throw new CliError(`eva: --interval must be bootstrap or delta`);
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
    let columns: Record<string, Float64Array>;
    try {
      columns = numericColumns(parseCsvTable(io.readText(file)));
    } catch (error) {
      throw fileError(file, error);
    }
    const column = columns[columnName(Object.keys(columns), var_, 'eva')]!;
    const maxima = [...column].filter((v) => !Number.isNaN(v)).map((v) => (common.minima ? -v : v));
    result = analyzeSample(annualMaximaSample(maxima), common, common.minima);
  } else if (options.input !== undefined) {
    throw new CliError(`eva: --input must be "maxima", got "${options.input}"`);
  } else {
    const point = await readSeries(file, io, options, 'eva');
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
  for (const warning of result.warnings) io.warn(`warning: ${warning}`);
  return {
    law: result.law,
    method: result.method,
    parameters: result.parameters,
    nll: result.nll,
    threshold: result.threshold,
    nPeaks: result.nPeaks,
    poissonLambda: result.poissonLambda,
    returnValues: result.returnValues,
  };
}

/** Runs one command; returns the JSON-ready result. */
export async function execute(argv: readonly string[], io: Io): Promise<unknown> {
  const { command, file, options } = parseArguments(argv);
  if (command === 'eva') return eva(file, options, io);
  const point = await readSeries(file, io, options, command);
  const { series } = point;
  const field = (key: string): Float64Array | Float32Array =>
    fieldValues(point, required(options, key, command), command);
  switch (command) {
    case 'describe':
      return describe(field('var'), listOption(options, 'percentiles', command, DESCRIBE_PERCENTILES));
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
    case 'windows':
      return weatherWindows(series.time, field('var'), {
        below: numberOption(options, 'below', command),
        durationsHours: listOption(options, 'durations', command),
        stepMs: series.stepMs,
      })
        .filter((r) => r.month > 0)
        .map((r) => ({
          month: r.month,
          durationHours: r.durationHours,
          probability: r.probability,
          meanCalmPeriods: r.meanCalmPeriods,
        }));
    case 'downtime':
      return weatherDowntime(series.time, field('var'), {
        below: numberOption(options, 'below', command),
        durationHours: numberOption(options, 'duration', command),
        stepMs: series.stepMs,
      })
        .filter((r) => r.month > 0)
        .map((r) => ({
          month: r.month,
          meanWaitHours: r.meanWaitHours,
          p50WaitHours: r.p50WaitHours,
          p90WaitHours: r.p90WaitHours,
          censored: r.censored,
        }));
    case 'contours': {
      const model = fitHsTpModel(field('hs'), field('tp'));
      return listOption(options, 'return-periods', command, [1, 10, 100]).map((T) => iformContour(model, T));
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

export async function runCli(
  argv: readonly string[],
  io: Io,
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    return { stdout: toJson(await execute(argv, io)) + '\n', stderr: '', code: 0 };
  } catch (error) {
    const message =
      error instanceof CliError
        ? error.message
        : `metocean: ${error instanceof Error ? error.message : String(error)}`;
    return { stdout: '', stderr: message + '\n', code: 1 };
  }
}
