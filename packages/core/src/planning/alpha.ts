// Alpha factors of weather-restricted marine operations (issue 32; docs/methods/alpha.md): the forecast
// must stay under α × the operational limit for the operation's reference period TPOP, α read from a table
// of rows TPOP and columns the limit. The built-in table is DNV-OS-H101 (October 2011), Sec. 4 Table 4-1,
// base case (one forecast source, no meteorologist on site): calibrated for the North Sea and the Norwegian
// Sea, a guideline elsewhere (Sec. 4 B705). OS-H101 was replaced by DNV-ST-N001, whose tables are not
// reproduced here; a company may enter its own table (rows TPOP, columns the limit of Hs or wind speed).
import { PlanningError } from './rules';
import { expandCopies, type Environment, type PlanActivity, type PlanCopy } from './types';

/** The parameters an alpha table may factor (catalogue names). */
export const ALPHA_PARAMETERS = ['hs', 'wind_speed'] as const;
export type AlphaParameter = (typeof ALPHA_PARAMETERS)[number];

export const ALPHA_PARAMETER_UNITS: Record<AlphaParameter, string> = { hs: 'm', wind_speed: 'm/s' };

export interface AlphaTable {
  /** "os-h101-2011-t4-1" for the built-in table, "user-<id>" for a company's table. */
  id: string;
  name: string;
  /** Where the values come from (standard, edition, table; or the company's reference). */
  source: string;
  parameter: AlphaParameter;
  /** Upper bounds of the rows, hours, strictly increasing: a TPOP takes the first row ≥ it. */
  tpopHours: readonly number[];
  /** Column limits in the parameter's unit (m, m/s), strictly increasing; α is linear between them. */
  limits: readonly number[];
  /** values[row][column], each in (0, 1]. */
  values: readonly (readonly number[])[];
}

export const BUILT_IN_ALPHA_ID = 'os-h101-2011-t4-1';

/** The calibration note shown wherever the built-in table is offered (DNV-OS-H101 Sec. 4 B705). */
export const OS_H101_NOTE =
  'DNV-OS-H101 (2011) Table 4-1 is calibrated for the North Sea and the Norwegian Sea and is a guideline ' +
  'elsewhere (Sec. 4 B705). OS-H101 was replaced by DNV-ST-N001, whose tables are not included: enter ' +
  'them as a company table if you hold them under licence.';

/** DNV-OS-H101 (October 2011), Sec. 4 Table 4-1, base case: α by TPOP row and Hs limit column. */
export const OS_H101_2011_T4_1: AlphaTable = Object.freeze({
  id: BUILT_IN_ALPHA_ID,
  name: 'DNV-OS-H101 (2011) Table 4-1, base case',
  source: 'DNV-OS-H101 Marine Operations, General (October 2011), Sec. 4 Table 4-1, base case',
  parameter: 'hs',
  tpopHours: Object.freeze([12, 24, 36, 48, 72]),
  limits: Object.freeze([1, 2, 4, 6]),
  values: Object.freeze([
    Object.freeze([0.65, 0.76, 0.79, 0.8]),
    Object.freeze([0.63, 0.73, 0.76, 0.78]),
    Object.freeze([0.62, 0.71, 0.73, 0.76]),
    Object.freeze([0.6, 0.68, 0.71, 0.74]),
    Object.freeze([0.55, 0.63, 0.68, 0.72]),
  ]),
});

/** Bounds of a company table (rows, columns) and of its text fields. */
export const ALPHA_TABLE_LIMITS = { rows: 20, columns: 20, name: 100, source: 300 } as const;

const increasing = (list: readonly number[]) =>
  list.every((v, i) => Number.isFinite(v) && v > 0 && (i === 0 || v > list[i - 1]!));

/** The table's problems in words (empty when it is usable). */
export function alphaTableProblems(table: Omit<AlphaTable, 'id'>): string[] {
  const problems: string[] = [];
  const { tpopHours, limits, values } = table;
  if (!table.name.trim()) problems.push('the table needs a name');
  if (!table.source.trim()) problems.push('the table needs a source line');
  if (!(ALPHA_PARAMETERS as readonly string[]).includes(table.parameter))
    problems.push(`the parameter must be one of ${ALPHA_PARAMETERS.join(', ')}`);
  if (tpopHours.length < 1 || tpopHours.length > ALPHA_TABLE_LIMITS.rows)
    problems.push(`the table needs 1 to ${ALPHA_TABLE_LIMITS.rows} TPOP rows`);
  else if (!increasing(tpopHours))
    problems.push('the TPOP rows must be positive hours in increasing order, each once');
  if (limits.length < 1 || limits.length > ALPHA_TABLE_LIMITS.columns)
    problems.push(`the table needs 1 to ${ALPHA_TABLE_LIMITS.columns} limit columns`);
  else if (!increasing(limits))
    problems.push('the limit columns must be positive values in increasing order, each once');
  if (values.length !== tpopHours.length || values.some((row) => row.length !== limits.length))
    problems.push('every TPOP row needs one α per limit column');
  else
    values.forEach((row, r) =>
      row.forEach((v, c) => {
        if (!(Number.isFinite(v) && v > 0 && v <= 1))
          problems.push(`α at TPOP ${tpopHours[r]} h, limit ${limits[c]}: ${v} is not in (0, 1]`);
      }),
    );
  return problems;
}

export interface AlphaLookup {
  /** The row's TPOP bound, hours (the first row ≥ TPOP). */
  rowHours: number;
  alpha: number;
}

/**
 * α for an operation of reference period `tpopHours` under `limit` (issue 32): the row is the first whose
 * TPOP bound is ≥ tpopHours; α is linear in the limit between the columns, clamped to the first and last
 * column. Throws PlanningError above the last row (for the built-in table: not a weather-restricted
 * operation, TPOP < 72 h by DNV-OS-H101 Sec. 4 A).
 */
export function alphaFactor(table: AlphaTable, tpopHours: number, limit: number): AlphaLookup {
  if (!(tpopHours > 0)) throw new PlanningError(`alphaFactor: tpopHours must be > 0, got ${tpopHours}`);
  if (!(limit > 0 && Number.isFinite(limit)))
    throw new PlanningError(`alphaFactor: limit must be a positive number, got ${limit}`);
  const row = table.tpopHours.findIndex((bound) => bound >= tpopHours);
  if (row < 0) {
    const last = table.tpopHours[table.tpopHours.length - 1]!;
    throw new PlanningError(
      table.id === BUILT_IN_ALPHA_ID
        ? `TPOP ${tpopHours} h is above 72 h: by DNV-OS-H101 (TPOP < 72 h, TR < 96 h) it is not a weather-restricted operation, so ${table.name} does not apply`
        : `TPOP ${tpopHours} h is above the last row (${last} h) of the alpha table "${table.name}"`,
    );
  }
  const values = table.values[row]!;
  const limits = table.limits;
  const last = limits.length - 1;
  let alpha: number;
  if (limit <= limits[0]!) alpha = values[0]!;
  else if (limit >= limits[last]!) alpha = values[last]!;
  else {
    let c = 1;
    while (limits[c]! < limit) c++;
    const x0 = limits[c - 1]!;
    const x1 = limits[c]!;
    alpha = values[c - 1]! + ((values[c]! - values[c - 1]!) * (limit - x0)) / (x1 - x0);
  }
  return { rowHours: table.tpopHours[row]!, alpha: roundTo(alpha) };
}

// α·L and interpolated α are kept to 1e-9 (far below any sensor's resolution) so that a limit a person
// computes by hand (0.73 × 2 = 1.46) is the limit the data are compared with, without float noise.
function roundTo(value: number): number {
  return Number(value.toFixed(9));
}

/** One factored limit of one copy, for the results' record of what α did. */
export interface AlphaFactored {
  /** Trip › task › activity of the Tasks row (every copy of the row has the same factor). */
  tripId: string;
  taskId: string;
  activityId: string;
  environment: string;
  /** "Sheet!B7" of the Tasks row, or the operation's name. */
  cell: string;
  tpopHours: number;
  rowHours: number;
  parameter: AlphaParameter;
  limit: number;
  alpha: number;
  effectiveLimit: number;
}

/**
 * The environment with every upper limit of the table's parameter multiplied by α (its maxima and its
 * `<`/`<=` conditions on that field); lower bounds, directions and other parameters are left alone.
 * Returns null when the environment does not limit the parameter.
 */
export function factorEnvironment(
  environment: Environment,
  table: AlphaTable,
  tpopHours: number,
): {
  environment: Environment;
  factors: Omit<AlphaFactored, 'tripId' | 'taskId' | 'activityId' | 'cell'>[];
} | null {
  const p = table.parameter;
  const factors: Omit<AlphaFactored, 'tripId' | 'taskId' | 'activityId' | 'cell'>[] = [];
  const factor = (limit: number): number => {
    const { rowHours, alpha } = alphaFactor(table, tpopHours, limit);
    const effectiveLimit = roundTo(alpha * limit);
    factors.push({
      environment: environment.name,
      tpopHours,
      rowHours,
      parameter: p,
      limit,
      alpha,
      effectiveLimit,
    });
    return effectiveLimit;
  };
  const maxima = { ...environment.maxima };
  const max = maxima[p];
  if (max !== undefined) maxima[p] = factor(max);
  const conditions = environment.conditions?.map((c) =>
    c.field === p && (c.comparison === 'LESS' || c.comparison === 'LESS_EQUAL')
      ? { ...c, limit: factor(c.limit) }
      : c,
  );
  if (factors.length === 0) return null;
  return {
    environment: { ...environment, maxima, ...(conditions ? { conditions } : {}) },
    factors,
  };
}

/**
 * The plan's copies with α applied (issue 32): each copy whose environment limits the table's parameter
 * runs on that environment with the limit α·L, TPOP = its row's min_hours, for every hour of its window
 * (min_hours plus contingency). A TPOP above the table's last row is refused with the row's cell.
 */
export function alphaCopies(
  activities: readonly PlanActivity[],
  environments: readonly Environment[],
  table: AlphaTable,
): { copies: PlanCopy[]; factored: AlphaFactored[] } {
  const byName = new Map(environments.map((e) => [e.name, e]));
  const factored: AlphaFactored[] = [];
  const copies: PlanCopy[] = [];
  for (const activity of activities) {
    const rowCopies = expandCopies([activity]);
    const env = activity.environment === null ? undefined : byName.get(activity.environment);
    let result: ReturnType<typeof factorEnvironment> = null;
    if (env) {
      try {
        result = factorEnvironment(env, table, activity.minHours);
      } catch (error) {
        if (error instanceof PlanningError) throw new PlanningError(`${activity.cell}: ${error.message}`);
        throw error;
      }
    }
    if (!result) {
      copies.push(...rowCopies);
      continue;
    }
    // copies of one environment in one TPOP row share their factored limits, so their mask
    const factoredEnvironment = {
      key: `alpha ${result.factors[0]!.rowHours} h`,
      environment: result.environment,
    };
    for (const copy of rowCopies) copies.push({ ...copy, factored: factoredEnvironment });
    for (const f of result.factors)
      factored.push({
        ...f,
        tripId: activity.tripId,
        taskId: activity.taskId,
        activityId: activity.activityId,
        cell: activity.cell,
      });
  }
  return { copies, factored };
}

/** What a result says about its alpha factors: the table (and its provenance) and every limit factored. */
export interface AlphaSummary {
  id: string;
  name: string;
  source: string;
  parameter: AlphaParameter;
  /** The calibration note of the built-in table; null for a company table. */
  note: string | null;
  factored: AlphaFactored[];
}

export function alphaSummary(table: AlphaTable, factored: AlphaFactored[]): AlphaSummary {
  return {
    id: table.id,
    name: table.name,
    source: table.source,
    parameter: table.parameter,
    note: table.id === BUILT_IN_ALPHA_ID ? OS_H101_NOTE : null,
    factored,
  };
}

/** One line per factored limit: "Trip 1 › Task A › Lift (Tasks!B7): Hs ≤ 2 m × α 0.73 (TPOP 20 h, row ≤ 24 h) = 1.46 m". */
export function alphaLines(summary: AlphaSummary): string[] {
  const unit = ALPHA_PARAMETER_UNITS[summary.parameter];
  const label = summary.parameter === 'hs' ? 'Hs' : 'wind speed';
  return summary.factored.map(
    (f) =>
      `${f.tripId} › ${f.taskId} › ${f.activityId} (${f.cell}): ${label} ≤ ${f.limit} ${unit} × α ${formatAlpha(f.alpha)} ` +
      `(TPOP ${f.tpopHours} h, row ≤ ${f.rowHours} h) = ${formatLimit(f.effectiveLimit)} ${unit}`,
  );
}

/** α at 3 decimals (the tables give 2; an interpolated α may need the third). */
export const formatAlpha = (alpha: number): string => alpha.toFixed(3).replace(/0$/, '');
/** A factored limit at 3 decimals without trailing zeros (1.46, 1.058). */
export const formatLimit = (limit: number): string => String(Number(limit.toFixed(3)));

/**
 * A company table from CSV text (`metocean planning --alpha-table`, the settings page's import): lines
 * "name,TEXT", "source,TEXT", "parameter,hs|wind_speed", then the header "tpop_hours,L1,L2,…" and one row
 * per TPOP bound "12,0.65,0.76,…". Separator "," or ";" (or a tab); blank lines and lines starting with
 * "#" are skipped. Throws PlanningError listing every problem with its line.
 */
export function parseAlphaTableCsv(text: string, fallbackName: string): Omit<AlphaTable, 'id'> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const meta: Record<string, string> = {};
  const tpopHours: number[] = [];
  const values: number[][] = [];
  let limits: number[] | null = null;
  const problems: string[] = [];
  const number = (cell: string, line: number): number => {
    const v = cell.trim() === '' ? Number.NaN : Number(cell.trim());
    if (!Number.isFinite(v)) problems.push(`line ${line}: "${cell.trim()}" is not a number`);
    return v;
  };
  lines.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.trim();
    if (!text || text.startsWith('#')) return;
    const separator = text.includes('\t') ? '\t' : text.includes(';') ? ';' : ',';
    const [head = '', ...rest] = text.split(separator).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    const key = head.toLowerCase();
    if (limits === null) {
      if (key === 'name' || key === 'source' || key === 'parameter')
        meta[key] = rest.join(separator === ',' ? ', ' : ' ').trim();
      else if (key === 'tpop_hours' || key === 'tpop') limits = rest.map((c) => number(c, line));
      else problems.push(`line ${line}: expected name, source, parameter or the header "tpop_hours,limit,…"`);
      return;
    }
    tpopHours.push(number(head, line));
    values.push(rest.map((c) => number(c, line)));
  });
  if (limits === null) problems.push('the header "tpop_hours,limit,…" is missing');
  const parameter = (meta.parameter ?? 'hs').toLowerCase();
  const table = {
    name: meta.name ?? fallbackName,
    source: meta.source ?? '',
    parameter: parameter as AlphaParameter,
    tpopHours,
    limits: limits ?? [],
    values,
  };
  if (problems.length === 0) problems.push(...alphaTableProblems(table));
  if (problems.length > 0) throw new PlanningError(`alpha table: ${problems.join('; ')}`);
  return table;
}
