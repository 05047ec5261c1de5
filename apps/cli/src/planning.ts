// `metocean planning`: the AWD planning simulator on point series files (issue 22). Reads the plan's two
// tables (ranges detected when not given), binds each location alias to a --point file, simulates every
// hourly start and prints the results layout of the API as JSON; --out DIR writes the Excel outputs.
// Errors (with their cell references) go to stderr with exit code 1.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  alphaCopies,
  alphaSummary,
  commonRecord,
  DEFAULT_INTERVALS,
  expandCopies,
  intervalOptions,
  planAliases,
  planningIntervals,
  planningStatistics,
  withIntervals,
  type IntervalOptions,
  PlanningError,
  readPlan,
  simulatePlan,
  type PlanIssue,
} from '@metocean/core';
import {
  loadWorkbookGrid,
  PLANNING_OUTPUT_FORMATS,
  planningOutputName,
  planningFields,
  planningOutputWorkbook,
  WorkbookError,
} from '@metocean/hindcast';
import { alphaTableOf } from './alpha';
import { asProcess, CliError, readSeries, type Io } from './cli';
import { PLANNING_USAGE } from './planning-usage';

const DEFAULT_PERCENTILES = [50, 60, 70, 80, 90, 99];

interface PlanningArgs {
  plan: string;
  points: { name: string; file: string }[];
  aliases: Record<string, string>;
  env?: string;
  tasks?: string;
  percentiles: number[];
  /** Year-block bootstrap intervals (issue 31): coverage, resamples, seed. */
  intervals: Required<IntervalOptions>;
  out?: string;
  lat?: string;
  lon?: string;
  alpha?: string;
  alphaTable?: string;
}

function pair(value: string, option: string): [string, string] {
  const at = value.indexOf('=');
  if (at <= 0 || at === value.length - 1)
    throw new CliError(`planning: --${option} takes NAME=VALUE, got "${value}"`);
  return [value.slice(0, at).trim(), value.slice(at + 1).trim()];
}

/**
 * The --percentiles of `planning` and `operation`: distinct integers from 1 to 99, as the planning settings and
 * the wizard take them (spec 001's message).
 */
export function planningPercentiles(value: string, command: string): number[] {
  const items = value.split(',').map((s) => s.trim());
  const list = items.map(Number);
  if (
    items.some((s) => !/^\d+$/.test(s)) ||
    list.some((p) => p < 1 || p > 99) ||
    new Set(list).size !== list.length
  )
    throw new CliError(
      `${command}: --percentiles: Please enter a series of integers between 1 and 99, separated by commas.`,
    );
  return list;
}

export function parsePlanningArguments(argv: readonly string[]): PlanningArgs {
  const [plan, ...rest] = argv;
  if (!plan || plan.startsWith('--'))
    throw new CliError(`planning: a PLAN.xlsx is required\n${PLANNING_USAGE}`);
  const args: PlanningArgs = {
    plan,
    points: [],
    aliases: {},
    percentiles: DEFAULT_PERCENTILES,
    intervals: { ...DEFAULT_INTERVALS },
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('--')) throw new CliError(`planning: unexpected argument "${arg}"`);
    const [key, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? rest[++i];
    if (value === undefined) throw new CliError(`planning: --${key} needs a value`);
    switch (key) {
      case 'point': {
        const [name, file] = pair(value, 'point');
        if (args.points.some((p) => p.name === name))
          throw new CliError(`planning: point "${name}" given twice`);
        args.points.push({ name, file });
        break;
      }
      case 'alias': {
        const [alias, name] = pair(value, 'alias');
        args.aliases[alias] = name;
        break;
      }
      case 'env':
        args.env = value;
        break;
      case 'tasks':
        args.tasks = value;
        break;
      case 'out':
        args.out = value;
        break;
      case 'lat':
        args.lat = value;
        break;
      case 'lon':
        args.lon = value;
        break;
      case 'alpha':
        args.alpha = value;
        break;
      case 'alpha-table':
        args.alphaTable = value;
        break;
      case 'percentiles':
        args.percentiles = planningPercentiles(value, 'planning');
        break;
      case 'ci':
      case 'resamples':
      case 'seed': {
        const number = Number(value);
        if (value.trim() === '' || !Number.isFinite(number))
          throw new CliError(`planning: --${key} takes a number, got "${value}"`);
        args.intervals[key] = number;
        break;
      }
      default:
        throw new CliError(
          `planning: unknown option --${key} (options: --point, --alias, --env, --tasks, --percentiles, --ci, --resamples, --seed, --out, --lat, --lon, --alpha, --alpha-table)`,
        );
    }
  }
  if (args.points.length === 0) throw new CliError('planning: at least one --point NAME=FILE is required');
  try {
    intervalOptions(args.intervals);
  } catch (error) {
    throw new CliError(`planning: ${(error as Error).message.replace(/^intervals: /, '--')}`);
  }
  return args;
}

const issueLine = (i: PlanIssue) => `${i.kind}: ${i.cell ? `${i.cell}: ` : ''}${i.text}`;

export async function planning(argv: readonly string[], io: Io): Promise<unknown> {
  const args = parsePlanningArguments(argv);
  const alpha = alphaTableOf('planning', args.alpha, args.alphaTable, io);
  let grid;
  try {
    grid = await loadWorkbookGrid(readFileSync(args.plan));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(`${args.plan}: no such file`);
    if (error instanceof WorkbookError) throw new CliError(`${args.plan}: ${error.message}`);
    throw error;
  }
  const { plan, issues } = readPlan(grid, { envCoords: args.env, tasksCoords: args.tasks });
  for (const warning of issues.filter((i) => i.kind === 'warning')) io.warn(issueLine(warning));
  const errors = issues.filter((i) => i.kind === 'error');
  if (!plan || errors.length > 0) throw new CliError(errors.map(issueLine).join('\n'));
  // aliases: explicit --alias, else an alias equal to a point name
  const names = args.points.map((p) => p.name);
  const aliases: Record<string, number> = {};
  for (const alias of planAliases(plan)) {
    const name = args.aliases[alias] ?? (names.includes(alias) ? alias : undefined);
    const index = name === undefined ? -1 : names.indexOf(name);
    if (index < 0)
      throw new CliError(
        name === undefined
          ? `planning: location "${alias}" of the Tasks table is not a point: add --alias ${alias}=NAME`
          : `planning: --alias ${alias}=${name} names no --point`,
      );
    aliases[alias] = index;
  }
  const options = { ...(args.lat ? { lat: args.lat } : {}), ...(args.lon ? { lon: args.lon } : {}) };
  const records = [];
  for (const p of args.points) {
    const { series } = await readSeries(p.file, io, options, 'planning');
    records.push({ name: p.name, time: series.time, fields: planningFields(series.fields) });
  }
  try {
    const { time, locations } = commonRecord(records);
    const factoredPlan = alpha ? alphaCopies(plan.activities, plan.environments, alpha) : null;
    const sim = simulatePlan({
      time,
      locations,
      aliases,
      environments: plan.environments,
      copies: factoredPlan ? factoredPlan.copies : expandCopies(plan.activities),
    });
    const results = {
      ...withIntervals(
        planningStatistics(sim, args.percentiles),
        planningIntervals(sim, args.percentiles, args.intervals),
      ),
      alpha: alpha && factoredPlan ? alphaSummary(alpha, factoredPlan.factored) : null,
    };
    if (args.out) {
      mkdirSync(args.out, { recursive: true });
      const stamp = {
        name: args.plan,
        points: args.points.map((p) => ({ name: p.name, source: p.file })),
        settings: {
          envCoords: plan.envCoords,
          tasksCoords: plan.tasksCoords,
          percentiles: args.percentiles,
          aliases: args.aliases,
          alpha: alpha ? alpha.id : 'none',
        },
        alpha: results.alpha,
      };
      const base = args.plan.replace(/^.*[\\/]/, '').replace(/\.xlsx$/i, '');
      for (const format of PLANNING_OUTPUT_FORMATS)
        writeFileSync(
          join(args.out, planningOutputName(base, format)),
          await planningOutputWorkbook(results, format, stamp),
        );
    }
    return { envCoords: plan.envCoords, tasksCoords: plan.tasksCoords, ...results };
  } catch (error) {
    if (error instanceof PlanningError) throw new CliError(`planning: ${error.message}`);
    throw error;
  }
}

export async function runPlanningCli(
  argv: readonly string[],
  io: Io,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return asProcess(() => planning(argv, io));
}
