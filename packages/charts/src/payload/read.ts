// Readers of a stored result (the engine's JSON: typed arrays as arrays, missing as -999): each takes what
// it expects or a neutral value, so a payload is built from whatever a row holds and never recomputes a
// number.
import { MISSING_VALUE, type VisuArray } from '@metocean/contracts';

export type Num = number;
export type Json = Record<string, unknown>;
export type Arrays = Record<string, VisuArray>;

export const num = (v: unknown): Num => (typeof v === 'number' && Number.isFinite(v) ? v : MISSING_VALUE);
export const nums = (v: unknown): Num[] => (Array.isArray(v) ? v.map(num) : []);
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A named array of spec 002 §3: values on dimensions, with units and a long name. */
export function array(
  values: VisuArray['values'],
  dimensions: string[],
  units: string,
  longName: string,
): VisuArray {
  return { values, dimensions, attributes: { units, longName } };
}
