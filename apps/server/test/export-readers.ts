// What the export tests (unit and integration) share: a writer's stream collected into one buffer, and an .nc file's values as
// ncdump (netCDF-C, Debian's netcdf-bin) prints them — the independent reader of the NetCDF exports.
import { execFileSync } from 'node:child_process';
import { PassThrough } from 'node:stream';

/** Everything `write` puts into a stream, once it ends. */
export async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

/** The values of `variable` as ncdump (netCDF-C) prints them: numbers, null for `_` fill values, strings. */
export function ncdumpValues(file: string, variable: string): (number | string | null)[] {
  // a full-record export prints tens of MB
  const text = execFileSync('ncdump', ['-v', variable, '-p', '9,17', file], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
  const data = text.slice(text.indexOf('\ndata:'));
  const m = new RegExp(`\\n ${variable} =([^;]*);`).exec(data);
  if (!m) throw new Error(`ncdump printed no data for ${variable}:\n${data}`);
  const body = m[1]!.trim();
  if (body.startsWith('"')) return [...body.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]!);
  return body
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((v) => (v === '_' ? null : Number(v)));
}
