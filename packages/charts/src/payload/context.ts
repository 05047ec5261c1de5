// What a payload builder receives (the stored result and the fields it is about, by name: `field`,
// `partner`, the `target` of the run and the point's `fields`) and what it returns (named arrays and its
// own kwargs), with the names, units and levels of fields every builder labels its arrays with.
import type { OverviewRow, StatisticId, StatisticTarget } from '@metocean/core';
import type { Arrays, Json } from './read';

export const TIME_UNITS = 'milliseconds since 1970-01-01 00:00:00';

/** What the payload needs to know of a field: the point's OVERVIEW row (core `overview`) has it all. */
export type FieldInfo = Pick<
  OverviewRow,
  'field' | 'variable' | 'longName' | 'units' | 'level' | 'levelType'
> & {
  /** The limit of WW and WD when the run was given none. */
  median?: number;
};

export interface PayloadContext {
  id: StatisticId;
  /** The run's field and its partner (a direction, a period, the right axis), described by the point. */
  field: FieldInfo;
  partner: FieldInfo;
  /** The fields the run read, as stored with its result (or read from its stat id). */
  target: StatisticTarget;
  /** Every field of the point (the OVERVIEW rows): units of the levels of a variable, of water heights. */
  fields: readonly FieldInfo[];
  /** WW / WD: the limit the result was recomputed with (a user's); the field's median when absent. */
  limit?: number;
}

export interface Built {
  arrays: Arrays;
  kwargs: Json;
}

/** The arrays and kwargs of one statistic's stored result. */
export type PayloadBuilder = (result: unknown, context: PayloadContext) => Built;

/** Units and names of a field; the field name itself when the point's overview does not list it. */
export function infoOf(fields: readonly FieldInfo[], name: string | undefined): FieldInfo {
  const found = name === undefined ? undefined : fields.find((f) => f.field === name);
  return (
    found ?? {
      field: name ?? '',
      variable: name ?? '',
      longName: name ?? '',
      units: '',
      level: null,
      levelType: null,
    }
  );
}

/** A field in words: its long name (or variable, or field name) and its level ("current speed at 10 m depth"). */
export const label = (f: FieldInfo): string => {
  const name = f.longName || f.variable || f.field;
  const level = f.level === null ? '' : ` at ${f.level} m${f.levelType === 'depth' ? ' depth' : ''}`;
  return `${name}${level}`;
};

/** The label with the units, for axes: "significant wave height (m)". */
export const withUnits = (f: FieldInfo): string => (f.units ? `${label(f)} (${f.units})` : label(f));

/** Spec 002: altitude when the variable name starts with WIN (any case), otherwise depth. */
export function levelTypeOf(variable: string): 'depth' | 'altitude' {
  return /^win/i.test(variable) ? 'altitude' : 'depth';
}

/** The axis name of a level type: "Depth (m)", "Altitude (m)". */
export const levelAxis = (type: 'depth' | 'altitude'): string =>
  `${type === 'depth' ? 'Depth' : 'Altitude'} (m)`;
