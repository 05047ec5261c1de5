// The `metocean` command: runs a statistic of the core on a CSV point series and prints JSON. Thin: parse
// arguments, read the file, call the core, shape the answer. Errors are thrown as CliError (exit code 1).
import {
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
import { numericColumns, parseCsvSeries, parseCsvTable } from '@metocean/hindcast';

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
  rose      FILE --dir mwd --var hs --sectors 16 --edges 0,1,2,3,4
  windows   FILE --var hs --below 1.5 --durations 6,12,24,48
  downtime  FILE --var hs --below 2 --duration 12
  contours  FILE --hs hs --tp tp --return-periods 1,10,100
${INGEST_USAGE}
The statistics' FILE is a CSV (header row, # comments, ',' or ';' separators, time first as
YYYY-MM-DD HH:MM:SS or YYYY-MM-DD-HH, UTC). Prints JSON on stdout; errors on stderr with exit code 1.`;

const COMMANDS = ['describe', 'monthly', 'eva', 'joint', 'rose', 'windows', 'downtime', 'contours'] as const;
type Command = (typeof COMMANDS)[number];
const FLAGS = new Set(['minima']);

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
  const values = text.split(',').map((s) => Number(s.trim()));
  if (values.length === 0 || values.some((v) => !Number.isFinite(v))) {
    throw new CliError(`${command}: --${key} must be comma-separated numbers, got "${text}"`);
  }
  return values;
}

function fieldValues(series: Series, name: string, command: string): Float64Array | Float32Array {
  const exact = series.fields[name];
  if (exact) return exact.values;
  const match = Object.keys(series.fields).find((k) => k.toLowerCase() === name.toLowerCase());
  if (match) return series.fields[match]!.values;
  throw new CliError(`${command}: no column "${name}" (have ${Object.keys(series.fields).join(', ')})`);
}

export interface Io {
  readText: (path: string) => string;
  isDirectory: (path: string) => boolean;
  warn: (message: string) => void;
}

function readSeries(file: string, io: Io): Series {
  if (/\.(nc|nc4|netcdf|cdf|h5|zarr)$/i.test(file) || io.isDirectory(file)) {
    throw new CliError(
      `${file}: NetCDF and Zarr input is not supported by this version of metocean yet; export the point as CSV`,
    );
  }
  try {
    return parseCsvSeries(io.readText(file));
  } catch (error) {
    throw new CliError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const LAWS_BY_METHOD: Record<ExtremeMethod, readonly string[]> = {
  'annual-maxima': ['gev', 'gumbel'],
  pot: ['gpd', 'exponential', 'weibull2', 'weibull3'],
};

function eva(file: string, options: Record<string, string>, io: Io): unknown {
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
    const columns = numericColumns(parseCsvTable(io.readText(file)));
    const column =
      columns[var_] ??
      columns[Object.keys(columns).find((k) => k.toLowerCase() === var_.toLowerCase()) ?? ''];
    if (!column) throw new CliError(`eva: no column "${var_}" (have ${Object.keys(columns).join(', ')})`);
    const maxima = [...column].filter((v) => !Number.isNaN(v)).map((v) => (common.minima ? -v : v));
    result = analyzeSample(annualMaximaSample(maxima), common, common.minima);
  } else if (options.input !== undefined) {
    throw new CliError(`eva: --input must be "maxima", got "${options.input}"`);
  } else {
    const series = readSeries(file, io);
    const threshold = options.threshold;
    result = extremeValueAnalysis(series.time, fieldValues(series, var_, 'eva'), {
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
export function execute(argv: readonly string[], io: Io): unknown {
  const { command, file, options } = parseArguments(argv);
  switch (command) {
    case 'describe': {
      const series = readSeries(file, io);
      return describe(
        fieldValues(series, required(options, 'var', command), command),
        listOption(options, 'percentiles', command, DESCRIBE_PERCENTILES),
      );
    }
    case 'monthly': {
      const series = readSeries(file, io);
      return monthlyStats(series.time, fieldValues(series, required(options, 'var', command), command)).map(
        (r) => ({
          month: r.month,
          count: r.count,
          mean: r.mean,
          min: r.min,
          max: r.max,
        }),
      );
    }
    case 'eva':
      return eva(file, options, io);
    case 'joint': {
      const series = readSeries(file, io);
      const t = jointTable(
        fieldValues(series, required(options, 'x', command), command),
        fieldValues(series, required(options, 'y', command), command),
        { dx: numberOption(options, 'dx', command), dy: numberOption(options, 'dy', command) },
      );
      return { xEdges: t.xEdges, yEdges: t.yEdges, counts: t.counts, perMille: t.perMille };
    }
    case 'rose': {
      const series = readSeries(file, io);
      const r = rose(
        fieldValues(series, required(options, 'dir', command), command),
        fieldValues(series, required(options, 'var', command), command),
        {
          sectors: numberOption(options, 'sectors', command, 16),
          edges: listOption(options, 'edges', command),
        },
      );
      return { sectors: r.sectors, edges: r.edges, percent: r.percent };
    }
    case 'windows': {
      const series = readSeries(file, io);
      return weatherWindows(series.time, fieldValues(series, required(options, 'var', command), command), {
        below: numberOption(options, 'below', command),
        durationsHours: listOption(options, 'durations', command),
      })
        .filter((r) => r.month > 0)
        .map((r) => ({
          month: r.month,
          durationHours: r.durationHours,
          probability: r.probability,
          meanCalmPeriods: r.meanCalmPeriods,
        }));
    }
    case 'downtime': {
      const series = readSeries(file, io);
      return weatherDowntime(series.time, fieldValues(series, required(options, 'var', command), command), {
        below: numberOption(options, 'below', command),
        durationHours: numberOption(options, 'duration', command),
      })
        .filter((r) => r.month > 0)
        .map((r) => ({
          month: r.month,
          meanWaitHours: r.meanWaitHours,
          p50WaitHours: r.p50WaitHours,
          p90WaitHours: r.p90WaitHours,
          censored: r.censored,
        }));
    }
    case 'contours': {
      const series = readSeries(file, io);
      const model = fitHsTpModel(
        fieldValues(series, required(options, 'hs', command), command),
        fieldValues(series, required(options, 'tp', command), command),
      );
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

export function runCli(argv: readonly string[], io: Io): { stdout: string; stderr: string; code: number } {
  try {
    return { stdout: toJson(execute(argv, io)) + '\n', stderr: '', code: 0 };
  } catch (error) {
    const message =
      error instanceof CliError
        ? error.message
        : `metocean: ${error instanceof Error ? error.message : String(error)}`;
    return { stdout: '', stderr: message + '\n', code: 1 };
  }
}
