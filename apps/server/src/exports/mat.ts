// MATLAB level-5 MAT-file writer (MathWorks, "MAT-File Format", R2019b, chapter 1: Level 5 MAT-files):
// a 128-byte header, then one miMATRIX element per variable. Uncompressed, so every element's size is
// known before its bytes are written and the file streams out piece by piece: the values of a 40-year
// record are handed over as views of the series' own arrays, never copied into one buffer.
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { APP_VERSION } from '@metocean/contracts';
import {
  isNumeric,
  isTimeUnits,
  provenanceRows,
  type ExportArray,
  type ExportDocument,
  type Numbers,
} from './document';

/** A MATLAB value: numeric array (column-major `dims`), char row, logical, struct or cell array. */
export type MatValue =
  | { kind: 'numeric'; dims: number[]; data: Numbers }
  | { kind: 'char'; text: string }
  | { kind: 'logical'; value: boolean }
  | { kind: 'struct'; fields: [string, MatValue][] }
  | { kind: 'cell'; dims: number[]; items: MatValue[] };

// Data types and array classes (MAT-File Format, tables 1-1 and 1-3).
const miINT8 = 1;
const miUINT8 = 2;
const miINT32 = 5;
const miUINT32 = 6;
const miSINGLE = 7;
const miDOUBLE = 9;
const miMATRIX = 14;
/** Character data as UTF-16 code units: read as such by MATLAB and by scipy (miUINT16 is decoded with the
 * reader's default codec, which garbles non-ASCII text such as '©'). */
const miUTF16 = 17;
const mxCELL_CLASS = 1;
const mxSTRUCT_CLASS = 2;
const mxCHAR_CLASS = 4;
const mxDOUBLE_CLASS = 6;
const mxSINGLE_CLASS = 7;
const mxUINT8_CLASS = 9;
const LOGICAL_FLAG = 0x0200;
/** MATLAB's limit on variable and field names. */
const NAME_MAX = 63;

const pad8 = (n: number) => (n + 7) & ~7;

/** A valid MATLAB identifier: letters, digits, underscores, starting with a letter, ≤ 63 characters. */
export function matName(name: string): string {
  let out = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z]/.test(out)) out = `x${out}`;
  return out.slice(0, NAME_MAX);
}

function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((wanted) => {
    const base = matName(wanted);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, NAME_MAX - String(n).length - 1)}_${n}`;
    used.add(name);
    return name;
  });
}

/** A struct whose field names are made valid and unique. */
export function struct(fields: [string, MatValue][]): MatValue {
  const names = uniqueNames(fields.map(([name]) => name));
  return { kind: 'struct', fields: fields.map(([, value], i) => [names[i]!, value]) };
}
export const char = (text: string): MatValue => ({ kind: 'char', text });
export const scalar = (value: number): MatValue => ({
  kind: 'numeric',
  dims: [1, 1],
  data: Float64Array.of(value),
});

const elementSize = (bytes: number) => 8 + pad8(bytes);

/** Bytes of the miMATRIX element holding `value` named `name` (tag included). */
function matrixSize(value: MatValue, name: string): number {
  const nameBytes = Buffer.byteLength(name, 'latin1');
  let body = elementSize(8) + elementSize(4 * dimsOf(value).length) + elementSize(nameBytes);
  switch (value.kind) {
    case 'numeric':
      body += elementSize(value.data.byteLength);
      break;
    case 'char':
      body += elementSize(2 * value.text.length);
      break;
    case 'logical':
      body += elementSize(1);
      break;
    case 'struct': {
      const length = fieldNameLength(value);
      body += elementSize(4) + elementSize(length * value.fields.length);
      for (const [, field] of value.fields) body += matrixSize(field, '');
      break;
    }
    case 'cell':
      for (const item of value.items) body += matrixSize(item, '');
      break;
  }
  return 8 + body;
}

function dimsOf(value: MatValue): number[] {
  switch (value.kind) {
    case 'numeric':
    case 'cell':
      return value.dims;
    case 'char':
      return [value.text.length === 0 ? 0 : 1, value.text.length];
    case 'logical':
    case 'struct':
      return [1, 1];
  }
}

const fieldNameLength = (value: Extract<MatValue, { kind: 'struct' }>) =>
  Math.max(1, ...value.fields.map(([name]) => name.length)) + 1;

function tag(type: number, bytes: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeUInt32LE(type, 0);
  b.writeUInt32LE(bytes, 4);
  return b;
}

/** A complete small element: tag, data, padding. */
function element(type: number, data: Buffer): Buffer {
  const padded = Buffer.alloc(pad8(data.length));
  data.copy(padded);
  return Buffer.concat([tag(type, data.length), padded]);
}

function int32s(values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeInt32LE(v, 4 * i));
  return b;
}

/** The bytes of one miMATRIX element, as a sequence of buffers (large numeric data as views). */
function* matrix(value: MatValue, name: string): Generator<Buffer> {
  const classOf = {
    numeric: value.kind === 'numeric' && value.data instanceof Float32Array ? mxSINGLE_CLASS : mxDOUBLE_CLASS,
    char: mxCHAR_CLASS,
    logical: mxUINT8_CLASS | LOGICAL_FLAG,
    struct: mxSTRUCT_CLASS,
    cell: mxCELL_CLASS,
  }[value.kind];
  yield tag(miMATRIX, matrixSize(value, name) - 8);
  const flags = Buffer.alloc(8);
  flags.writeUInt32LE(classOf, 0);
  yield element(miUINT32, flags);
  yield element(miINT32, int32s(dimsOf(value)));
  yield element(miINT8, Buffer.from(name, 'latin1'));
  switch (value.kind) {
    case 'numeric': {
      const { data } = value;
      yield tag(data instanceof Float32Array ? miSINGLE : miDOUBLE, data.byteLength);
      // Little-endian platforms (the file says 'IM'): the array's bytes are the file's bytes.
      yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      const rest = pad8(data.byteLength) - data.byteLength;
      if (rest > 0) yield Buffer.alloc(rest);
      break;
    }
    case 'char': {
      const codes = Buffer.alloc(2 * value.text.length);
      for (let i = 0; i < value.text.length; i++) codes.writeUInt16LE(value.text.charCodeAt(i), 2 * i);
      yield element(miUTF16, codes);
      break;
    }
    case 'logical':
      yield element(miUINT8, Buffer.of(value.value ? 1 : 0));
      break;
    case 'struct': {
      const length = fieldNameLength(value);
      yield element(miINT32, int32s([length]));
      const names = Buffer.alloc(length * value.fields.length);
      value.fields.forEach(([field], i) => names.write(field, i * length, 'latin1'));
      yield element(miINT8, names);
      for (const [, field] of value.fields) yield* matrix(field, '');
      break;
    }
    case 'cell':
      for (const item of value.items) yield* matrix(item, '');
      break;
  }
}

/** The 128-byte header: text, no subsystem data, version 0x0100, endian indicator 'IM' (little-endian). */
function header(date: Date): Buffer {
  const b = Buffer.alloc(128, 0x20);
  b.write(
    `MATLAB 5.0 MAT-file, Platform: GLNXA64, Created on: ${date.toUTCString()} by Metocean Studio ${APP_VERSION}`.slice(
      0,
      116,
    ),
    0,
    'latin1',
  );
  b.fill(0, 116, 124);
  b.writeUInt16LE(0x0100, 124);
  b.write('IM', 126, 'latin1');
  return b;
}

/** Writes variables (name → value) as a MAT-file into `out`, respecting its back-pressure; ends it. */
export async function writeMat(
  variables: [string, MatValue][],
  out: Writable,
  date = new Date(),
): Promise<void> {
  const names = uniqueNames(variables.map(([name]) => name));
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(header(date));
  for (const [i, [, value]] of variables.entries())
    for (const chunk of matrix(value, names[i]!)) await write(chunk);
  out.end();
}

/** Row-major values over `shape` → MATLAB's column-major order over the same dims. */
function columnMajor(values: Numbers, shape: number[]): Numbers {
  if (shape.length < 2) return values;
  const out = new (values.constructor as new (n: number) => Numbers)(values.length);
  const strides = shape.map((_, k) => shape.slice(k + 1).reduce((a, b) => a * b, 1));
  const index = new Array<number>(shape.length).fill(0);
  for (let c = 0; c < values.length; c++) {
    // c walks column-major: the first index varies fastest.
    let row = 0;
    for (let k = 0; k < shape.length; k++) row += index[k]! * strides[k]!;
    out[c] = values[row]!;
    for (let k = 0; k < shape.length; k++) {
      if (++index[k]! < shape[k]!) break;
      index[k] = 0;
    }
  }
  return out;
}

/** MATLAB serial date number of UTC epoch milliseconds (datenum: days since year 0; 719529 = 1970-01-01). */
export const datenum = (ms: number) => ms / 86_400_000 + 719_529;
export const DATENUM_UNITS = 'days since 0000-01-00 00:00:00 (MATLAB datenum, UTC)';

/** One named array as a struct: values (N-D, NaN missing), dimensions, units, longName, attributes. */
function arrayStruct(array: ExportArray): MatValue {
  const dims =
    array.shape.length === 0 ? [1, 1] : array.shape.length === 1 ? [array.shape[0]!, 1] : array.shape;
  let values: MatValue;
  let units = array.units;
  if (isNumeric(array.values)) {
    let data = array.values;
    if (isTimeUnits(units)) {
      data = Float64Array.from(data, datenum);
      units = DATENUM_UNITS;
    }
    values = { kind: 'numeric', dims, data: columnMajor(data, array.shape) };
  } else {
    const labels = array.values;
    const order = Array.from(
      columnMajor(
        Float64Array.from(labels, (_, i) => i),
        array.shape,
      ),
    );
    values = { kind: 'cell', dims, items: order.map((i) => char(labels[i]!)) };
  }
  const attributes = Object.entries(array.attributes).map(([key, value]): [string, MatValue] => [
    key,
    typeof value === 'string'
      ? char(value)
      : typeof value === 'number'
        ? scalar(value)
        : { kind: 'logical', value },
  ]);
  return struct([
    ['values', values],
    ['units', char(units)],
    ['longName', char(array.longName)],
    ['dimensions', { kind: 'cell', dims: [1, array.dimensions.length], items: array.dimensions.map(char) }],
    ...attributes,
  ]);
}

/**
 * The MAT-file of an export document: one struct named after the statistic, with one field per named
 * array (itself a struct of values, units, longName, dimensions) and an `info` struct giving the
 * statistic, dataset, node, provenance, method and selection.
 */
export function matVariables(document: ExportDocument): [string, MatValue][] {
  const info = struct(
    provenanceRows(document).map(([item, value]) => [
      item
        .replace(/\s*\((.*)\)$/, (_m, units: string) => `_${units}`)
        .replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase()),
      typeof value === 'number' ? scalar(value) : char(value),
    ]),
  );
  return [
    [
      document.kwargs.statId,
      struct([['info', info], ...document.arrays.map((a): [string, MatValue] => [a.name, arrayStruct(a)])]),
    ],
  ];
}

export function writeMatDocument(document: ExportDocument, out: Writable): Promise<void> {
  return writeMat(matVariables(document), out, document.context.exportedAt);
}
