// The planning simulator's vocabulary (issue 22; docs/methods/awd.md): an operations plan read from the
// Environments and Tasks tables, the parameters an environment may limit, and the issues of a file.

/** A cell as read from a workbook: cached values only (formulas give their last result). */
export type CellValue = number | string | boolean | Date | null;

export interface SheetGrid {
  name: string;
  /** Last used row and column, 1-based. */
  rowCount: number;
  columnCount: number;
  /** The value at (row, column), 1-based; null when empty. */
  cell(row: number, column: number): CellValue;
}

export interface WorkbookGrid {
  sheets: SheetGrid[];
}

export interface PlanIssue {
  kind: 'error' | 'warning';
  text: string;
  /** "Sheet!B4", or null when the issue is about the whole workbook. */
  cell: string | null;
}

/** Parameters an environment column may constrain, in catalogue names (packages/hindcast cf.ts). */
export const PLAN_PARAMETERS = [
  'hs',
  'tp',
  'dp',
  'dir',
  'wind_speed',
  'wind_dir',
  'current_speed',
  'current_dir',
  'current_depth',
] as const;
export type PlanParameter = (typeof PLAN_PARAMETERS)[number];

export const PARAMETER_LABELS: Record<PlanParameter, string> = {
  hs: 'significant wave height (m)',
  tp: 'peak wave period (s)',
  dp: 'peak wave direction (°, from)',
  dir: 'mean wave direction (°, from)',
  wind_speed: 'wind speed (m/s)',
  wind_dir: 'wind direction (°, from)',
  current_speed: 'current speed (m/s)',
  current_dir: 'current direction (°, going to)',
  current_depth: 'current depth (m below MSL)',
};

export const DIRECTION_PARAMETERS: ReadonlySet<PlanParameter> = new Set([
  'dp',
  'dir',
  'wind_dir',
  'current_dir',
]);

/** The planner's short names of the catalogue fields a plan or a contractor constraint may limit. */
export const FIELD_NAMES: Readonly<Record<string, string>> = {
  hs: 'Hs',
  tp: 'Tp',
  tz: 'Tz',
  dp: 'peak direction',
  dir: 'mean direction',
  wind_speed: 'wind speed',
  wind_dir: 'wind direction',
  current_speed: 'current speed',
  current_dir: 'current direction',
  current_depth: 'current depth',
  water_level: 'water level',
  tide: 'tide',
  surge: 'surge',
  temperature: 'temperature',
  salinity: 'salinity',
  hs_swell: 'swell Hs',
  hs_sea: 'wind-sea Hs',
};

/** "wind speed", "current speed at 10 m depth", or the key with spaces for a field without a name. */
export function planFieldName(key: string): string {
  const [base = key, level] = key.split('@');
  const name = FIELD_NAMES[base] ?? base.replace(/_/g, ' ');
  return level === undefined ? name : `${name} at ${level} m depth`;
}

/** A sector "a-b": degrees clockwise from `from` to `to`, both inclusive (may wrap through north). */
export interface Sector {
  from: number;
  to: number;
}

export interface WorkingHours {
  /** Minutes after local midnight, 0 ≤ start, end < 1440; start = end means all day. */
  startMinutes: number;
  endMinutes: number;
  /** IANA zone name or a fixed offset "UTC±hh:mm". */
  timeZone: string;
}

export const COMPARISONS = ['LESS', 'LESS_EQUAL', 'GREATER', 'GREATER_EQUAL'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** value <comparison> limit passes, `field` a catalogue key of the location's series ("water_level"). */
export interface FieldCondition {
  field: string;
  comparison: Comparison;
  limit: number;
}

export interface Environment {
  name: string;
  /** Magnitude limits (value ≤ limit passes). */
  maxima: Partial<Record<PlanParameter, number>>;
  /** Direction sectors (value inside passes). */
  sectors: Partial<Record<PlanParameter, Sector>>;
  /** Depth of the current level the current limits read, metres below MSL. */
  currentDepth?: number;
  workingHours?: WorkingHours;
  /**
   * Comparisons on catalogue fields (the marine contractors' constraints); a missing value fails. An
   * environment with conditions names itself in messages by its whole name ('operation 1 "Transit"').
   */
  conditions?: FieldCondition[];
  /** "Sheet!A4" of the row, for messages. */
  cell: string;
}

/** One row of the Tasks table after its rules (duration, nb_windows kept to expand). */
export interface PlanActivity {
  tripId: string;
  taskId: string;
  activityId: string;
  minHours: number;
  contingencyPercent: number;
  /** ceil(minHours × (1 + contingency/100)) */
  durationHours: number;
  nbWindows: number;
  continuous: boolean;
  /** Environment name, or null for "none" (no limit). */
  environment: string | null;
  /** Location alias as written; null when empty or no location column (the planning's first point). */
  location: string | null;
  /** "Sheet!B7" of the row. */
  cell: string;
}

export interface Plan {
  environments: Environment[];
  activities: PlanActivity[];
  /** "Sheet!B3:E6" as read (detected or given). */
  envCoords: string;
  tasksCoords: string;
}

/** One copy after nb_windows expansion: what the simulator places. */
export interface PlanCopy {
  tripId: string;
  taskId: string;
  activityId: string;
  /** 1-based repetition number within its row. */
  repetition: number;
  durationHours: number;
  continuous: boolean;
  environment: string | null;
  location: string | null;
  /**
   * The environment with limits multiplied by an alpha factor (alpha.ts), in place of `environment`'s own
   * limits; copies with the same `key` (and environment) share one workability mask.
   */
  factored?: { key: string; environment: Environment };
}

/** nb_windows = n expands a row into n consecutive copies; only the first keeps the continuous flag (rule 5). */
export function expandCopies(activities: readonly PlanActivity[]): PlanCopy[] {
  const out: PlanCopy[] = [];
  for (const a of activities)
    for (let r = 1; r <= a.nbWindows; r++)
      out.push({
        tripId: a.tripId,
        taskId: a.taskId,
        activityId: a.activityId,
        repetition: r,
        durationHours: a.durationHours,
        continuous: r === 1 ? a.continuous : false,
        environment: a.environment,
        location: a.location,
      });
  return out;
}
