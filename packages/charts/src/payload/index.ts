// From a stored result row to the visualisation payload of spec 002 §3: named arrays (values, dimensions,
// attributes {units, longName}) beside a kwargs block naming the axes, the dataset, the node, the
// synthetic-data notice and the method (the registry's text, docs/methods/). The same payload feeds the
// chart option builders of this package, GET /api/projects/{id}/get_visu_data/ and the xlsx, mat and nc
// exports. Each statistic has its builder beside its family's (BUILDERS): they only rename and reshape the
// engine's stored JSON (typed arrays as arrays, missing as -999), never recompute a number.
import { statIdParts, type VisuKwargs, type VisuPayload } from '@metocean/contracts';
import { STATISTICS, type StatisticDefinition, type StatisticId, type StatisticTarget } from '@metocean/core';
import { infoOf, label, levelTypeOf, type FieldInfo, type PayloadBuilder } from './context';
import { contourPayload } from './contours';
import {
  analyticalPayload,
  empiricalDistributionPayload,
  jointPayload,
  monthlyStatisticsPayload,
  profilePayload,
  rosePayload,
} from './distributions';
import { extremePayload, extremeTablePayload, monthlyExtremePayload } from './extremes';
import { num, obj, str, type Arrays } from './read';
import { allSeriesPayload, concomitantPayload, timeSeriesPayload } from './series';
import { windowsPayload } from './windows';

export { TIME_UNITS, levelTypeOf, type FieldInfo } from './context';

export interface ResultRow {
  statId: string;
  code: string;
  payload: Record<string, unknown>;
}

/** The builder of every statistic of the registry: one without a builder does not compile. */
const BUILDERS: Record<StatisticId, PayloadBuilder> = {
  TS: timeSeriesPayload,
  CTS: concomitantPayload,
  EFT: allSeriesPayload,
  EPD: empiricalDistributionPayload,
  EPD_month: monthlyStatisticsPayload,
  APD: analyticalPayload,
  EJPD: jointPayload,
  DR: rosePayload,
  DR_month: rosePayload,
  MEANCOLSTD: profilePayload,
  WW: windowsPayload,
  WD: windowsPayload,
  EXT: extremePayload,
  MAEXT: extremePayload,
  MIEXT: extremePayload,
  NOCYC: extremePayload,
  EXT_month: monthlyExtremePayload,
  EXT_direction: extremeTablePayload,
  CUREXT: extremeTablePayload,
  HEIEXT: extremeTablePayload,
  ENVC: contourPayload,
};

/** Statistic id of a stat id: `EPD_month__hs` -> `EPD_month`. */
export function statisticIdOf(statId: string): string {
  return statIdParts(statId).id;
}

/** The registry's entry of an id; undefined for an id it does not have (a row stored by another version). */
function definitionOf(id: string): StatisticDefinition | undefined {
  return STATISTICS.find((s) => s.id === id);
}

/** The name of a statistic id of the registry ('DR_month' -> 'Monthly distribution roses'). */
export function statisticTitle(id: string): string {
  return definitionOf(id)?.name ?? id;
}

/** The target of a stored row, or of its stat id (`id__field[__partner]`) when the payload has none. */
function targetOf(row: ResultRow): StatisticTarget {
  const stored = obj(row.payload.target);
  const { id, subject, partner } = statIdParts(row.statId);
  if (Object.keys(stored).length > 0 || !subject) return stored;
  return id === 'MEANCOLSTD' || id === 'CUREXT'
    ? { variable: subject }
    : { field: subject, partner: partner || undefined };
}

/**
 * The visualisation payload of a stored result row (spec 002 §3). `fields` are the point's variables
 * (the OVERVIEW row's table), which give units, long names and levels; without them the field names stand in.
 * A stored error becomes `kwargs.error` with no arrays.
 */
export function visuPayloadOf(row: ResultRow, fields: readonly FieldInfo[] = []): VisuPayload {
  const id = statisticIdOf(row.statId);
  const definition = definitionOf(id);
  const target = targetOf(row);
  const dataset = obj(row.payload.dataset);
  const node = obj(row.payload.node);
  // a variable with levels (MEANCOLSTD, CUREXT) is named by any of its levels' fields
  const main = target.variable
    ? (fields.find((f) => f.variable === target.variable) ?? infoOf(fields, target.variable))
    : infoOf(fields, target.field);
  const synthetic = dataset.synthetic === true;
  const notes = str(dataset.notes);
  const about = target.variable
    ? label({ ...main, longName: main.longName || target.variable, level: null })
    : target.partner
      ? `${label(main)} and ${label(infoOf(fields, target.partner))}`
      : target.field
        ? label(main)
        : '';
  const name = definition?.name ?? id;
  const kwargs: VisuKwargs = {
    statId: row.statId,
    code: row.code as VisuKwargs['code'],
    periodicity: /month/i.test(id) ? 'monthly' : 'annual',
    title: about ? `${name} of ${about}` : name,
    /** The statistic's name and what it is about, for chart titles that must stay short. */
    name,
    subject: about,
    variable: target.variable ?? main.variable ?? target.field,
    level: target.variable ? null : main.level,
    dataset: str(dataset.name),
    method: definition?.method ?? '',
  };
  if (Object.keys(node).length > 0)
    kwargs.node = { lat: num(node.lat), lon: num(node.lon), distanceKm: num(node.distanceKm) };
  if (synthetic) kwargs.notice = (notes.split(';')[0] ?? notes).trim() || 'synthetic demo data';
  if (main.level !== null && !target.variable) {
    kwargs.levels = {
      type: main.levelType ?? levelTypeOf(main.variable),
      values: fields
        .filter((x) => x.variable === main.variable && x.level !== null)
        .map((x) => x.level!)
        .sort((a, b) => a - b),
      units: 'm',
    };
  }
  // a failed run has no numbers for a method text to describe (and an extreme analysis's method depends on
  // the options it failed with)
  if (typeof row.payload.error === 'string')
    return payloadFrom({ ...kwargs, method: '', error: row.payload.error }, {});
  if (!definition) throw new RangeError(`visuPayloadOf: unknown statistic "${id}"`);
  const context = {
    id: definition.id,
    field: infoOf(fields, target.field),
    partner: infoOf(fields, target.partner),
    target,
    fields,
    limit: typeof row.payload.limit === 'number' ? row.payload.limit : undefined,
  };
  const { arrays, kwargs: own } = BUILDERS[definition.id](row.payload.result, context);
  return payloadFrom({ ...kwargs, ...own }, arrays);
}

/** zod infers kwargs and the catchall arrays as one index signature: TypeScript needs the cast. */
function payloadFrom(kwargs: VisuKwargs, arrays: Arrays): VisuPayload {
  return { ...arrays, kwargs } as unknown as VisuPayload;
}
