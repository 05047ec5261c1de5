// The kind of a field (wave height, period, direction, …) from its names: what the statistics' targets and the
// report's rules read. Apart from the registry (statistics.ts), so a screen that names kinds loads no statistic.
import { DIRECTION_PATTERN } from './circular';
import type { Field } from './series';

export type VariableKind =
  | 'waveHeight'
  | 'period'
  | 'direction'
  | 'windSpeed'
  | 'currentSpeed'
  | 'waterLevel'
  | 'surge'
  | 'tide'
  | 'other';

// Spec 002 short names (magw, thetaw, mag, theta, hs, tp, tz, dp, dir, XE) and the names of our readers
const KIND_PATTERNS: [VariableKind, RegExp][] = [
  ['direction', DIRECTION_PATTERN],
  ['waveHeight', /^(hs|swh|hm0)$|wave height/i],
  ['period', /^(tp|tz|pp1d|mwp|tm02)$|period/i],
  ['windSpeed', /^(magw|ws|wind_speed.*)$|wind speed/i],
  ['currentSpeed', /^(mag|cs|cur.*)$|current/i],
  ['surge', /surge/i],
  ['tide', /tide|tidal/i],
  ['waterLevel', /^(xe|wl|zeta|ssh)$|water level|sea level/i],
];

/** Kind of a field from its variable name (or field name) and long name. */
export function kindOf(name: string, field: Field): VariableKind {
  const variable = field.variable ?? name;
  const longName = field.longName ?? '';
  for (const [kind, pattern] of KIND_PATTERNS)
    if (pattern.test(variable) || pattern.test(longName)) return kind;
  return 'other';
}
