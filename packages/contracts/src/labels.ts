// The label registry: what a person reads for a variable code or a comparison metric, with its units
// (issue 35: "magw" tabs and "shapeParameter" rows on screen). Codes stay in files and the API; screens,
// workbooks and PDFs print these labels, and show a code only beside its label where a user types it.

/**
 * The variables by the spec's short names (spec 001 §3 constraints, spec 002 §9 comparisons), each with the
 * words and the units a reader sees. Directions say which way they point, as the methods do.
 */
export const VARIABLE_LABELS = {
  hs: { label: 'Significant wave height', units: 'm' },
  tp: { label: 'Peak wave period', units: 's' },
  tz: { label: 'Mean zero-crossing wave period', units: 's' },
  dp: { label: 'Peak wave direction (coming from)', units: '°' },
  dir: { label: 'Mean wave direction (coming from)', units: '°' },
  magw: { label: 'Wind speed', units: 'm/s' },
  thetaw: { label: 'Wind direction (coming from)', units: '°' },
  mag: { label: 'Current speed', units: 'm/s' },
  theta: { label: 'Current direction (going to)', units: '°' },
  XE: { label: 'Water level', units: 'm' },
  wlev: { label: 'Sea surface height', units: 'm' },
} as const satisfies Record<string, { label: string; units: string }>;

export type VariableCode = keyof typeof VARIABLE_LABELS;

const isVariableCode = (code: string): code is VariableCode => Object.hasOwn(VARIABLE_LABELS, code);

/** "Wind speed (m/s)" for "magw"; an unknown code reads as itself, so nothing is hidden. */
export function variableLabel(code: string, options: { units?: boolean } = {}): string {
  if (!isVariableCode(code)) return code;
  const { label, units } = VARIABLE_LABELS[code];
  return options.units === false ? label : `${label} (${units})`;
}

/** The units of a variable code ('' when unknown). */
export function variableUnits(code: string): string {
  return isVariableCode(code) ? VARIABLE_LABELS[code].units : '';
}

/**
 * The comparison metrics (spec 002 §9 names): what each reads in, given the compared variable's units —
 * the variable's own (bias, rmse), degrees for the circular ones, percent, or none (ratios, correlations).
 */
const METRIC_UNITS: Record<string, 'variable' | '°' | '%' | ''> = {
  bias: 'variable',
  pbias: '%',
  rmse: 'variable',
  nrmse: '',
  corr: '',
  SI: '',
  std_ratio: '',
  dir_bias: '°',
  dir_rmse: '°',
  dir_corr: '',
  slope: '',
  intercept: 'variable',
  r2: '',
};

/** The units of a metric of a variable in `variableUnits` ('' for a dimensionless one). */
export function metricUnits(metric: string, variableUnits: string): string {
  const kind = METRIC_UNITS[metric] ?? '';
  return kind === 'variable' ? variableUnits : kind;
}

/** A metric's column header: its name and, when it has one, its units ("bias (m)", "pbias (%)", "corr"). */
export function metricHeader(metric: string, variableUnits: string): string {
  const units = metricUnits(metric, variableUnits);
  const name = metric === 'r2' ? 'r²' : metric;
  return units ? `${name} (${units})` : name;
}

/**
 * The hindcast catalogue's variable keys (what datasets hold and the API's field keys carry) in the planner's
 * words (issue 30: the dataset cards of the new-project flow): the spec codes' labels above where the
 * variable has one, so a variable reads the same on every screen.
 */
export const FIELD_LABELS = {
  hs: VARIABLE_LABELS.hs,
  tp: VARIABLE_LABELS.tp,
  tz: VARIABLE_LABELS.tz,
  dp: VARIABLE_LABELS.dp,
  dir: VARIABLE_LABELS.dir,
  hs_swell: { label: 'Swell significant wave height', units: 'm' },
  tp_swell: { label: 'Swell peak period', units: 's' },
  dir_swell: { label: 'Swell mean direction (coming from)', units: '°' },
  wind_speed: VARIABLE_LABELS.magw,
  wind_dir: VARIABLE_LABELS.thetaw,
  current_speed: VARIABLE_LABELS.mag,
  current_dir: VARIABLE_LABELS.theta,
  water_level: VARIABLE_LABELS.XE,
  tide: { label: 'Tide', units: 'm' },
  surge: { label: 'Storm surge', units: 'm' },
  temperature: { label: 'Sea temperature', units: '°C' },
  salinity: { label: 'Salinity', units: 'g/kg' },
  energy_flux: { label: 'Wave energy flux', units: 'kW/m' },
} as const satisfies Record<string, { label: string; units: string }>;

/** "Wind speed" for "wind_speed" (a level key "wind_speed@10" reads "Wind speed at 10 m"); unknown keys with spaces. */
export function fieldLabel(key: string): string {
  const [base = key, level] = key.split('@');
  const label = Object.hasOwn(FIELD_LABELS, base)
    ? FIELD_LABELS[base as keyof typeof FIELD_LABELS].label
    : base.replace(/_/g, ' ');
  return level === undefined ? label : `${label} at ${level} m`;
}

/**
 * The name of a planning percentile's year-block interval (issue 31), as the contractors wizard and its
 * xlsx print it: "90 % year-block interval (1,000 resamples)" for ci 0.9 and 1000 resamples.
 */
export function yearBlockIntervalLabel(settings: { ci: number; resamples: number }): string {
  const coverage = Math.round(settings.ci * 1000) / 10;
  return `${coverage} % year-block interval (${settings.resamples.toLocaleString('en-US')} resamples)`;
}

/**
 * Months (or periods) grouped by the reason they have no interval, in words: "No interval for Jan, Feb:
 * fewer than 5 years of data in the period, too few to resample whole years" ("any month" when all lack one).
 */
export function intervalNotesText(notes: Record<string, string>, periods: readonly string[]): string[] {
  const byNote = new Map<string, string[]>();
  for (const m of periods) {
    const note = notes[m];
    if (note !== undefined) byNote.set(note, [...(byNote.get(note) ?? []), m]);
  }
  return [...byNote].map(([note, months]) => {
    const which = months.length === periods.length && periods.length > 1 ? 'any month' : months.join(', ');
    return note.startsWith('no interval: ')
      ? `No interval for ${which}: ${note.slice('no interval: '.length)}`
      : `${which}: ${note}`;
  });
}
