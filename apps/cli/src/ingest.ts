// `metocean ingest`: decode NetCDF4/NetCDF3 files, an xarray Zarr store or point CSVs into one of our Zarr
// stores (--out), or send one file to a server's admin call POST /api/datasets/ingest/ (--server), which
// registers it as a dataset serving zones. Thin over packages/hindcast's ingest.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DataFileError, ingest, nodeCount, type DatasetDescription } from '@metocean/hindcast';
import { paths } from '@metocean/contracts';
import { asProcess, INGEST_USAGE } from './cli';

export class IngestError extends Error {}

const FLAGS = new Set(['private']);

interface IngestArguments {
  files: string[];
  options: Record<string, string>;
}

export function parseIngestArguments(argv: readonly string[]): IngestArguments {
  const files: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      files.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (FLAGS.has(key)) options[key] = 'true';
    else if (inline !== undefined) options[key] = inline;
    else {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--'))
        throw new IngestError(`ingest: --${key} needs a value`);
      options[key] = value;
    }
  }
  if (files.length === 0) throw new IngestError(`ingest: a FILE is required\n${INGEST_USAGE}`);
  return { files, options };
}

function required(options: Record<string, string>, key: string): string {
  const value = options[key]?.trim();
  if (!value) throw new IngestError(`ingest: --${key} is required`);
  return value;
}

function optionalNumber(options: Record<string, string>, key: string): number | undefined {
  const text = options[key];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new IngestError(`ingest: --${key} must be a number, got "${text}"`);
  return value;
}

/** --missing V[,V]: values of the files meaning missing that they do not declare. */
function missingValues(options: Record<string, string>): number[] {
  const text = options.missing;
  if (text === undefined) return [];
  const items = text.split(',').map((s) => s.trim());
  if (items.some((item) => item === '' || !Number.isFinite(Number(item))))
    throw new IngestError(`ingest: --missing must be comma-separated numbers, got "${text}"`);
  return items.map(Number);
}

function description(options: Record<string, string>): DatasetDescription {
  const kind = options.kind ?? 'regional';
  if (kind !== 'regional' && kind !== 'global')
    throw new IngestError(`ingest: --kind must be regional or global, got "${kind}"`);
  const resolution = optionalNumber(options, 'resolution');
  const units = options['resolution-units'] ?? 'km';
  if (units !== 'km' && units !== 'degree')
    throw new IngestError(`ingest: --resolution-units must be degree or km, got "${units}"`);
  return {
    name: required(options, 'name'),
    kind,
    private: options.private === 'true',
    origin: options.origin ?? '',
    notes: options.notes ?? '',
    provenance: {
      source: required(options, 'source'),
      licence: required(options, 'licence'),
      ...(options.citation ? { citation: options.citation } : {}),
    },
    ...(resolution !== undefined ? { spatialResolution: { value: resolution, units } } : {}),
  };
}

/** Writes the files into a new Zarr store at --out; returns what was written. */
async function ingestLocally(files: string[], options: Record<string, string>): Promise<unknown> {
  const out = required(options, 'out');
  const lat = optionalNumber(options, 'lat');
  const lon = optionalNumber(options, 'lon');
  const missing = missingValues(options);
  const started = performance.now();
  let result;
  try {
    result = await ingest(files, out, description(options), {
      ...(lat !== undefined ? { lat } : {}),
      ...(lon !== undefined ? { lon } : {}),
      ...(missing.length > 0 ? { missing } : {}),
    });
  } catch (error) {
    if (error instanceof DataFileError) throw new IngestError(`ingest: ${error.message}`);
    throw error;
  }
  const { info } = result;
  return {
    dir: result.dir,
    name: info.name,
    nodes: nodeCount(info.grid),
    grid: info.grid.type,
    variables: info.variables.map((v) =>
      v.levels?.length ? `${v.name} (${v.levels.join(', ')} m)` : v.name,
    ),
    period: {
      begin: new Date(info.period.start).toISOString(),
      end: new Date(info.period.end).toISOString(),
    },
    timeStep: info.timeStep,
    skipped: result.skipped,
    notes: result.notes,
    bytesRead: result.bytesRead,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}

type Fetch = typeof fetch;

/** Sends one file to the server's admin call; the server decodes, stores and registers it. */
async function ingestOnServer(
  files: string[],
  options: Record<string, string>,
  env: Record<string, string | undefined>,
  isDirectory: (file: string) => boolean,
  fetchImpl: Fetch,
): Promise<unknown> {
  const server = required(options, 'server').replace(/\/+$/, '');
  const zones = required(options, 'zones');
  const username = required(options, 'username');
  const password = env.METOCEAN_PASSWORD;
  if (!password) throw new IngestError('ingest: set METOCEAN_PASSWORD to the password of --username');
  if (files.length > 1)
    throw new IngestError('ingest: --server takes one file (ingest several files of one record with --out)');
  const file = files[0]!;
  if (isDirectory(file))
    throw new IngestError(
      `ingest: ${file} is a folder: zip the Zarr store (zip -r store.zip ${path.basename(file)})`,
    );
  description(options); // the same checks as a local ingest, before anything is sent
  missingValues(options);
  const login = await fetchImpl(`${server}${paths.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok)
    throw new IngestError(`ingest: sign-in to ${server} as ${username} failed (HTTP ${login.status})`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const form = new FormData();
  const fields: Record<string, string | undefined> = {
    name: options.name,
    kind: options.kind,
    zones,
    origin: options.origin,
    notes: options.notes,
    licence: options.licence,
    source: options.source,
    citation: options.citation,
    private: options.private === 'true' ? 'true' : undefined,
    lat: options.lat,
    lon: options.lon,
    resolution: options.resolution,
    resolutionUnits: options['resolution-units'],
    missing: options.missing,
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append('file', new Blob([await readFile(file)]), path.basename(file));
  const response = await fetchImpl(`${server}${paths.datasetsIngest}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status !== 201) {
    const errors = body as {
      detail?: string;
      nonFieldErrors?: string[];
      fieldErrors?: Record<string, string[]>;
    };
    const lines = [
      ...(errors.detail ? [errors.detail] : []),
      ...(errors.nonFieldErrors ?? []),
      ...Object.entries(errors.fieldErrors ?? {}).flatMap(([field, messages]) =>
        messages.map((m) => `${field}: ${m}`),
      ),
    ];
    throw new IngestError(
      `ingest: the server refused the file (HTTP ${response.status}): ${lines.join('; ')}`,
    );
  }
  return body;
}

export interface IngestIo {
  env: Record<string, string | undefined>;
  isDirectory: (file: string) => boolean;
  fetch: Fetch;
}

/** `metocean ingest …`: the JSON-ready result, or an IngestError with the message to print. */
export async function runIngest(argv: readonly string[], io: IngestIo): Promise<unknown> {
  const { files, options } = parseIngestArguments(argv);
  if (options.out !== undefined && options.server !== undefined)
    throw new IngestError('ingest: give --out or --server, not both');
  if (options.server !== undefined) return ingestOnServer(files, options, io.env, io.isDirectory, io.fetch);
  return ingestLocally(files, options);
}

/** runIngest with the process's conventions: JSON on stdout, the message on stderr, exit code 1 on error. */
export async function runIngestCli(
  argv: readonly string[],
  io: IngestIo,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return asProcess(
    () => runIngest(argv, io),
    (error) => error instanceof IngestError,
  );
}
