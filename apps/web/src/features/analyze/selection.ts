// The Analyze side menu's model (spec 000 §2.8): the stored statistics of the project parsed into point,
// field (variable), statistic type and variable (the partner field or the variable itself), and the
// selection rules: a field clears type and variable, a type clears the variable and auto-selects it when
// only one exists, the same item again deselects; a statistic resolves to one stat id per level.

import { statIdParts } from '@metocean/contracts';

export interface StatRow {
  pointId: number;
  statId: string;
  code: string;
}

export interface StatEntry extends StatRow {
  /** Statistic id of the registry: 'DR_month'. */
  id: string;
  /** Field of the stat id ('wind_speed_10m'); the variable itself for MEANCOLSTD and CUREXT. */
  field: string;
  /** The variable without its level ('wind_speed'). */
  variable: string;
  level: number | null;
  /** Second field (direction of a rose, right axis of CTS); '' when none. */
  partner: string;
}

/** Catalogue field names carry their level: `wind_speed_10m` is wind_speed at 10 m (docs/decisions.md). */
export function splitField(field: string): { variable: string; level: number | null } {
  const match = /^(.+)_(\d+(?:\.\d+)?)m$/.exec(field);
  return match ? { variable: match[1]!, level: Number(match[2]) } : { variable: field, level: null };
}

/** HEIEXT has no field: its table covers every water height component. */
export const WATER_HEIGHTS = 'water heights';

export function parseStat(row: StatRow): StatEntry {
  const { id, subject: first, partner } = statIdParts(row.statId);
  if (id === 'MEANCOLSTD' || id === 'CUREXT')
    return { ...row, id, field: first, variable: first, level: null, partner: '' };
  if (!first) return { ...row, id, field: '', variable: WATER_HEIGHTS, level: null, partner: '' };
  return { ...row, id, field: first, ...splitField(first), partner };
}

export interface Selection {
  pointId?: number;
  variable?: string;
  /** Statistic id ('EPD', 'DR_month'). */
  type?: string;
  /** The partner field, or '' for the variable itself. */
  partner?: string;
}

export const emptySelection: Selection = {};

/** Choosing a point starts a new selection; the same point again deselects it. */
export function choosePoint(s: Selection, pointId: number): Selection {
  return s.pointId === pointId ? {} : { pointId };
}

/** Choosing a field clears type, variable and statistics; the same again deselects it. */
export function chooseField(s: Selection, variable: string): Selection {
  return s.variable === variable ? { pointId: s.pointId } : { pointId: s.pointId, variable };
}

/** Choosing a type clears the variable and auto-selects it when only one exists; the same again deselects. */
export function chooseType(s: Selection, type: string, entries: StatEntry[]): Selection {
  if (s.type === type) return { pointId: s.pointId, variable: s.variable };
  const next: Selection = { pointId: s.pointId, variable: s.variable, type };
  const choices = variableChoices(entries, next);
  return choices.length === 1 ? { ...next, partner: choices[0] } : next;
}

export function chooseVariable(s: Selection, partner: string): Selection {
  return s.partner === partner ? { ...s, partner: undefined } : { ...s, partner };
}

const at = (entries: StatEntry[], s: Selection) => entries.filter((e) => e.pointId === s.pointId);

/** Fields (variables) of the selected point, in the order the statistics were stored. */
export function fieldChoices(entries: StatEntry[], s: Selection): string[] {
  return [...new Set(at(entries, s).map((e) => e.variable))];
}

/** Statistic ids of the selected field. */
export function typeChoices(entries: StatEntry[], s: Selection): string[] {
  return [
    ...new Set(
      at(entries, s)
        .filter((e) => e.variable === s.variable)
        .map((e) => e.id),
    ),
  ];
}

/** Variables of the selected type: its partner fields, or the variable itself (''). */
export function variableChoices(entries: StatEntry[], s: Selection): string[] {
  return [
    ...new Set(
      at(entries, s)
        .filter((e) => e.variable === s.variable && e.id === s.type)
        .map((e) => e.partner),
    ),
  ];
}

/** The stat ids the selection resolves to, one per level (shallowest or lowest first); [] if unresolved. */
export function resolve(entries: StatEntry[], s: Selection): StatEntry[] {
  if (s.pointId === undefined || s.variable === undefined || s.type === undefined || s.partner === undefined)
    return [];
  return at(entries, s)
    .filter((e) => e.variable === s.variable && e.id === s.type && e.partner === s.partner)
    .sort((a, b) => (a.level ?? 0) - (b.level ?? 0));
}

/**
 * The statistics a chart view loads besides its own: the rose shows the histogram it filters (EPD and
 * the joint table of the same pair) and both the annual and monthly roses; APD is drawn over the EPD
 * histogram; EPD also offers its monthly table. Only stored ones are asked for.
 */
export function companionsOf(entry: StatEntry, entries: StatEntry[]): StatEntry[] {
  const same = (id: string, partner = '') =>
    entries.find(
      (e) => e.pointId === entry.pointId && e.id === id && e.field === entry.field && e.partner === partner,
    );
  const wanted: (StatEntry | undefined)[] = [];
  switch (entry.id) {
    case 'DR':
    case 'DR_month':
      wanted.push(
        same('DR', entry.partner),
        same('DR_month', entry.partner),
        same('EPD'),
        same('EJPD', entry.partner),
      );
      break;
    case 'APD':
      wanted.push(same('EPD'));
      break;
    case 'EXT':
    case 'EXT_month':
      wanted.push(same('EXT'), same('EXT_month'));
      break;
    case 'ENVC':
      // its wave height's extremes, whose return values the contour view shows beside the contours' Hs
      wanted.push(same('EXT'));
      break;
    default:
      break;
  }
  return wanted.filter((e): e is StatEntry => e !== undefined && e.statId !== entry.statId);
}
