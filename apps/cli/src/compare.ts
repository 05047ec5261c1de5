// `metocean compare` and `metocean calibrate` (issue 33): a model series against measurements of the same
// quantity, paired by time. compare prints the metric set; calibrate fits a correction (linear, power or
// quantile mapping, per month optional), prints its parameters and the skill before and after, in sample and
// leave-one-year-out, and --out writes the corrected model series as a point CSV stamped with the correction.
import {
  calibrate,
  CalibrationRefused,
  CORRECTION_METHODS,
  CORRECTION_METHOD_TEXT,
  applyCorrection,
  directionalMetricSet,
  isDirection,
  lawParameters,
  pairByTime,
  scalarMetricSet,
  type Calibration,
  type CorrectionMethod,
  type Series,
} from '@metocean/core';
import { asProcess, CliError, readSeries, type Io } from './cli';
import { nameAndUnits, catalogueKey } from '@metocean/hindcast';
import { COMPARE_USAGE } from './compare-usage';

type Command = 'compare' | 'calibrate';
const OPTIONS: Record<Command, readonly string[]> = {
  compare: ['var', 'obs-var', 'window', 'lat', 'lon'],
  calibrate: ['var', 'obs-var', 'window', 'method', 'per-month', 'out', 'lat', 'lon'],
};
const FLAGS = new Set(['per-month']);

export interface CompareArgs {
  command: Command;
  model: string;
  obs: string;
  options: Record<string, string>;
}

export function parseCompareArguments(command: Command, argv: readonly string[]): CompareArgs {
  const [model, obs, ...rest] = argv;
  if (!model || model.startsWith('--') || !obs || obs.startsWith('--'))
    throw new CliError(`${command}: MODEL_FILE and OBS_FILE are required\n${COMPARE_USAGE}`);
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('--')) throw new CliError(`${command}: unexpected argument "${arg}"`);
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (!OPTIONS[command].includes(key))
      throw new CliError(
        `${command}: unknown option --${key} (options: ${OPTIONS[command].map((k) => `--${k}`).join(', ')})`,
      );
    if (FLAGS.has(key)) options[key] = 'true';
    else {
      const value = inline ?? rest[++i];
      if (value === undefined) throw new CliError(`${command}: --${key} needs a value`);
      options[key] = value;
    }
  }
  if (!options.var) throw new CliError(`${command}: --var is required`);
  return { command, model, obs, options };
}

/** The column of a series that a name asks for: exact, any case, or the same catalogue variable. */
function column(series: Series, name: string, command: string, file: string): string {
  const names = Object.keys(series.fields);
  const key = catalogueKey(name, {});
  const bare = nameAndUnits(name).name.toLowerCase();
  const match =
    names.find((k) => k === name) ??
    names.find((k) => k.toLowerCase() === name.toLowerCase() || k.toLowerCase() === bare) ??
    (key === null ? undefined : names.find((k) => catalogueKey(k, {}) === key));
  if (match === undefined)
    throw new CliError(`${command}: ${file} has no column "${name}" (have ${names.join(', ')})`);
  return match;
}

interface Read {
  modelSeries: Series;
  modelColumn: string;
  obsColumn: string;
  units: string;
  directional: boolean;
  windowHours: number;
  pairs: ReturnType<typeof pairByTime>;
}

async function readBoth(args: CompareArgs, io: Io): Promise<Read> {
  const { command, options } = args;
  const windowText = options.window ?? '0';
  const windowHours = Number(windowText);
  if (windowText.trim() === '' || !Number.isFinite(windowHours) || windowHours < 0)
    throw new CliError(`${command}: --window must be a number of hours ≥ 0, got "${windowText}"`);
  const position: Record<string, string> = {};
  if (options.lat !== undefined) position.lat = options.lat;
  if (options.lon !== undefined) position.lon = options.lon;
  const model = (await readSeries(args.model, io, position, command)).series;
  const obs = (await readSeries(args.obs, io, {}, command)).series;
  const modelColumn = column(model, options.var!, command, args.model);
  const obsColumn = column(obs, options['obs-var'] ?? options.var!, command, args.obs);
  const mField = model.fields[modelColumn]!;
  const oField = obs.fields[obsColumn]!;
  // a comparison across units would be a silent wrong number: refuse it
  if (mField.units && oField.units && mField.units !== oField.units)
    throw new CliError(
      `${command}: the model's ${modelColumn} is in ${mField.units} and the measured ${obsColumn} in ${oField.units}: convert one first`,
    );
  const directional = isDirection(modelColumn, mField) || isDirection(obsColumn, oField);
  const pairs = pairByTime(
    { time: model.time, values: mField.values },
    { time: obs.time, values: oField.values },
    windowHours,
  );
  return {
    modelSeries: model,
    modelColumn,
    obsColumn,
    units: mField.units || oField.units,
    directional,
    windowHours,
    pairs,
  };
}

const iso = (t: number | undefined): string | null => (t === undefined ? null : new Date(t).toISOString());

function metricsOf(read: Read): Record<string, number> {
  const { pairs } = read;
  if (read.directional) {
    const d = directionalMetricSet(pairs.model, pairs.obs);
    return { n: d.n, dir_bias: d.dirBias, dir_rmse: d.dirRmse, dir_corr: d.dirCorr };
  }
  const m = scalarMetricSet(pairs.model, pairs.obs);
  return {
    n: m.n,
    bias: m.bias,
    pbias: m.pbias,
    rmse: m.rmse,
    urmse: m.urmse,
    si: m.si,
    nrmse: m.nrmse,
    corr: m.corr,
    std_ratio: m.stdRatio,
    slope: m.slope,
    intercept: m.intercept,
    r2: m.r2,
  };
}

function header(read: Read, args: CompareArgs): Record<string, unknown> {
  return {
    command: args.command,
    model: { file: args.model, variable: read.modelColumn },
    obs: { file: args.obs, variable: read.obsColumn },
    units: read.units,
    windowHours: read.windowHours,
    pairs: read.pairs.time.length,
    period: { start: iso(read.pairs.time[0]), end: iso(read.pairs.time.at(-1)) },
  };
}

/** The correction as one line of a file's header: method, parameters, source, pairs, period. */
export function correctionStamp(c: Calibration, source: string): string {
  const laws = c.correction.laws.map((l, k) => {
    const text = Object.entries(lawParameters(l))
      .map(([key, v]) => `${key}=${Number.isInteger(v) ? v : v.toPrecision(6)}`)
      .join(' ');
    return c.correction.perMonth ? `month ${k + 1}: ${text}` : text;
  });
  return (
    `corrected by ${c.correction.method}${c.correction.perMonth ? ' per calendar month' : ''} ` +
    `(${CORRECTION_METHOD_TEXT[c.correction.method]}); ${laws.join('; ')}; fitted on ${c.pairs} pairs ` +
    `with ${source}, ${iso(c.period[0])} to ${iso(c.period[1])}` +
    (c.correction.lowerBound === null
      ? ''
      : `; corrected values below ${c.correction.lowerBound} set to ${c.correction.lowerBound}`)
  );
}

export interface CalibrateIo extends Io {
  writeText: (path: string, text: string) => void;
}

/** Corrected values at 3 decimals (mm for metres, ms for seconds): the reader's precision, no float noise. */
const DECIMALS = 3;

function correctedCsv(read: Read, values: Float64Array, stamp: string): string {
  const { modelSeries, modelColumn, units } = read;
  const lines = [`# ${stamp}`, `time,${modelColumn}${units ? ` [${units}]` : ''}`];
  const time = modelSeries.time;
  for (let i = 0; i < time.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    lines.push(`${new Date(time[i]!).toISOString().slice(0, 19).replace('T', ' ')},${v.toFixed(DECIMALS)}`);
  }
  return lines.join('\n') + '\n';
}

async function execute(args: CompareArgs, io: CalibrateIo): Promise<Record<string, unknown>> {
  if (args.command === 'compare') {
    const read = await readBoth(args, io);
    return { ...header(read, args), metrics: metricsOf(read) };
  }
  const method = args.options.method;
  if (!method) throw new CliError(`calibrate: --method is required (${CORRECTION_METHODS.join(', ')})`);
  if (!(CORRECTION_METHODS as readonly string[]).includes(method))
    throw new CliError(`calibrate: --method must be ${CORRECTION_METHODS.join(', ')}, got "${method}"`);
  if (args.options.out !== undefined && !/\.(csv|txt)$/i.test(args.model))
    throw new CliError(
      `calibrate: --out writes a point CSV and ${args.model} is not one: export the node as CSV first`,
    );
  const read = await readBoth(args, io);
  // a quantity with no negative value on either side (Hs, periods, speeds) stays non-negative
  let negative = false;
  for (const v of read.pairs.model) if (v < 0) negative = true;
  for (const v of read.pairs.obs) if (v < 0) negative = true;
  let result: Calibration;
  try {
    result = calibrate(read.pairs, {
      method: method as CorrectionMethod,
      perMonth: args.options['per-month'] === 'true',
      lowerBound: negative ? null : 0,
      directional: read.directional,
    });
  } catch (error) {
    if (error instanceof CalibrationRefused) throw new CliError(`calibrate: refused: ${error.message}`);
    throw error;
  }
  for (const w of result.warnings) io.warn(`warning: ${w}`);
  const field = read.modelSeries.fields[read.modelColumn]!;
  const corrected = applyCorrection(result.correction, read.modelSeries.time, field.values);
  const notes: string[] = [];
  if (result.correction.method === 'quantile')
    notes.push(
      `${corrected.extrapolatedBelow + corrected.extrapolatedAbove} model values outside the fitted range ` +
        `corrected by linear extrapolation (slope of the outer 1 % of the table)`,
    );
  if (corrected.clamped) notes.push(`${corrected.clamped} corrected values below 0 set to 0`);
  notes.push('directions are not corrected by these laws');
  for (const n of notes) io.warn(`note: ${n}`);
  const stamp = correctionStamp(result, `${args.obs} (${read.obsColumn})`);
  if (args.options.out !== undefined)
    io.writeText(args.options.out, correctedCsv(read, corrected.values, stamp));
  return {
    ...header(read, args),
    method: result.correction.method,
    perMonth: result.correction.perMonth,
    description: CORRECTION_METHOD_TEXT[result.correction.method],
    parameters: result.correction.laws.map(lawParameters),
    lowerBound: result.correction.lowerBound,
    inSample: result.inSample,
    outOfSample: result.outOfSample,
    warnings: result.warnings,
    notes,
    stamp,
    ...(args.options.out !== undefined ? { out: args.options.out } : {}),
  };
}

export async function runCompareCli(
  command: Command,
  argv: readonly string[],
  io: CalibrateIo,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return asProcess(() => execute(parseCompareArguments(command, argv), io));
}
