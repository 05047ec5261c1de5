// Measurements to compare the hindcast with (spec 002 "Buoy comparison", "Satellite comparison"): the
// NDBC buoys shipped in ../shared/data, along-track altimetry read from CMEMS-style L3 NetCDF files, and
// synthetic along-track altimetry for the demo, drawn from the demo hindcast with altimeter-like noise.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { seededRandom } from '@metocean/core';
import type { Field, Series } from '@metocean/core';
import { DataFileError, decodeTimes, packingOf, unpack, unitConversion, wrapLongitude } from './cf';
import type { RawVariable } from './decode';
import { decodeCsv } from './ingest';
import { SYNTHETIC_NOTICE } from './model';
import { greatCircleKm, normalizeLongitude } from './nearest';
import { withRawFile } from './netcdf';
import { positionSeed } from './synthetic';

export interface BuoyInfo {
  /** NDBC station id. */
  id: string;
  name: string;
  provider: string;
  centre: string;
  type: 'buoy';
  latitude: number;
  longitude: number;
  /** Catalogue fields measured. */
  sensors: string[];
  /** Files under the shared data folder, in time order. */
  files: string[];
  notes: string;
  licence: string;
}

const NDBC_NOTES =
  'NOAA NDBC standard meteorological data reduced to hourly Hs and Tz (NDBC APD) by the OMAE 2019 ' +
  'ec-benchmark (Haselsteiner et al.); position approximate, from NDBC station metadata';
const NDBC_LICENCE = 'US Government public-domain work; NDBC terms of use apply';

/** The NDBC buoys of ../shared/data/ndbc-ecbenchmark (README.md there). */
export const NDBC_BUOYS: readonly BuoyInfo[] = [
  ['44007', 'NDBC 44007 Portland, Maine', 43.5, -70.1, 'A'],
  ['41009', 'NDBC 41009 Canaveral, Florida', 28.5, -80.2, 'B'],
  ['42001', 'NDBC 42001 central Gulf of Mexico', 25.9, -89.7, 'C'],
].map(([id, name, latitude, longitude, letter]) => ({
  id: id as string,
  name: name as string,
  provider: 'NDBC',
  centre: 'NOAA National Data Buoy Center',
  type: 'buoy' as const,
  latitude: latitude as number,
  longitude: longitude as number,
  sensors: ['hs', 'tz'],
  files: [`ndbc-ecbenchmark/${letter as string}.txt`, `ndbc-ecbenchmark/${letter as string}r.txt`],
  notes: NDBC_NOTES,
  licence: NDBC_LICENCE,
}));

/** A file's text, or that of its gzip copy (`<file>.gz`, as the server's assets keep the buoy files). */
async function readTextOrGzip(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return gunzipSync(await readFile(`${path}.gz`)).toString('utf8');
  }
}

/**
 * A buoy's whole record (provided and retained years joined, absent hours NaN), hs and tz in catalogue units.
 * Each file may be stored gzipped beside its name (`A.txt.gz`).
 */
export async function readBuoy(
  dataDir: string,
  buoy: BuoyInfo,
): Promise<{ buoy: BuoyInfo; series: Series; dateBegin: number; dateEnd: number }> {
  const paths = buoy.files.map((f) => join(dataDir, f));
  // one after the other, so that a missing file is always the first one missing, named in the error
  const texts: string[] = [];
  for (const p of paths) {
    texts.push(
      await readTextOrGzip(p).catch((error: Error) => {
        throw new DataFileError(p, null, `unreadable buoy file (${error.message})`);
      }),
    );
  }
  const data = decodeCsv(paths.join(' + '), texts, { lat: buoy.latitude, lon: buoy.longitude });
  const fields: Record<string, Field> = {};
  for (const f of data.fields)
    fields[f.field] = { values: f.values, units: f.variable.units, longName: f.variable.longName };
  const time = data.time;
  return {
    buoy,
    series: { time, stepMs: 3_600_000, fields },
    dateBegin: time[0]!,
    dateEnd: time[time.length - 1]!,
  };
}

/** Along-track altimeter observations, one entry per 1-Hz sample (columnar). */
export interface AlongTrack {
  time: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  /** Significant wave height, m (NaN where absent). */
  hs: Float32Array;
  /** 10 m wind speed, m/s (NaN where absent). */
  windSpeed: Float32Array;
  /** Index into `missions` of each sample. */
  mission: Uint8Array;
  missions: string[];
  /** Repeat cycle and pass number of each sample (−1 when the file has none). */
  cycle: Int32Array;
  pass: Int32Array;
  source: string;
}

function find(variables: RawVariable[], names: string[], standardName?: string): RawVariable | undefined {
  return (
    variables.find((v) => standardName !== undefined && v.attrs.standard_name === standardName) ??
    variables.find((v) => names.includes(v.name))
  );
}

/**
 * Reads a CMEMS-style L3 along-track file (WAVE_GLO_PHY_SWH_L3: `time`, `latitude(time)`,
 * `longitude(time)`, `VAVH`, optionally `WIND_SPEED`, `cycle`, `pass`), NetCDF4 or NetCDF3. The mission
 * comes from the `platform`/`mission` global attribute, else the file name.
 */
export async function readAlongTrack(path: string): Promise<AlongTrack> {
  return withRawFile(path, (file) => {
    const v = file.variables;
    const time = find(v, ['time'], 'time');
    const lat = find(v, ['latitude', 'lat'], 'latitude');
    const lon = find(v, ['longitude', 'lon'], 'longitude');
    if (!time || !lat || !lon)
      throw new DataFileError(path, null, 'is not an along-track file (time, latitude, longitude)');
    const units = typeof time.attrs.units === 'string' ? time.attrs.units : undefined;
    if (!units) throw new DataFileError(path, time.name, 'has no units attribute ("<unit> since <date>")');
    let t: Float64Array;
    try {
      t = decodeTimes(
        time.read(),
        units,
        typeof time.attrs.calendar === 'string' ? time.attrs.calendar : undefined,
      );
    } catch (error) {
      throw new DataFileError(path, time.name, (error as Error).message);
    }
    const n = t.length;
    const decoded = (variable: RawVariable | undefined, key: string): Float32Array => {
      if (!variable) return new Float32Array(n).fill(NaN);
      let conversion;
      try {
        conversion = unitConversion(
          key,
          typeof variable.attrs.units === 'string' ? variable.attrs.units : undefined,
        );
      } catch (error) {
        throw new DataFileError(path, variable.name, (error as Error).message);
      }
      const raw = unpack(variable.read(), packingOf(variable.attrs));
      if (raw.length !== n)
        throw new DataFileError(path, variable.name, `holds ${raw.length} values, time has ${n}`);
      return Float32Array.from(raw, (x) => x * conversion.scale + conversion.offset);
    };
    const hsVar = find(v, ['VAVH', 'swh', 'hs', 'VAVH_UNFILTERED'], 'sea_surface_wave_significant_height');
    const windVar = find(v, ['WIND_SPEED', 'wind_speed', 'wind_speed_alt'], 'wind_speed');
    if (!hsVar && !windVar) throw new DataFileError(path, null, 'has neither VAVH (Hs) nor WIND_SPEED');
    const ints = (variable: RawVariable | undefined): Int32Array =>
      variable ? Int32Array.from(variable.read(), Number) : new Int32Array(n).fill(-1);
    const attribute = file.attrs.platform ?? file.attrs.mission;
    const mission = typeof attribute === 'string' ? attribute : (path.split('/').pop() ?? path);
    return {
      time: t,
      lat: Float64Array.from(lat.read(), Number),
      lon: Float64Array.from(lon.read(), (x) => wrapLongitude(Number(x))),
      hs: decoded(hsVar, 'hs'),
      windSpeed: decoded(windVar, 'wind_speed'),
      mission: new Uint8Array(n),
      missions: [mission],
      cycle: ints(find(v, ['cycle'])),
      pass: ints(find(v, ['pass', 'track'])),
      source: path,
    };
  });
}

/** Samples within `radiusKm` of (lat, lon). */
export function observationsNear(track: AlongTrack, lat: number, lon: number, radiusKm: number): AlongTrack {
  const keep: number[] = [];
  for (let i = 0; i < track.time.length; i++) {
    if (greatCircleKm(lat, lon, track.lat[i]!, track.lon[i]!) <= radiusKm) keep.push(i);
  }
  type Column = Float64Array | Float32Array | Uint8Array | Int32Array;
  const pick = <A extends Column>(a: A): A => {
    const out = new (a.constructor as new (length: number) => A)(keep.length);
    keep.forEach((i, k) => (out[k] = a[i]!));
    return out;
  };
  return {
    ...track,
    time: pick(track.time),
    lat: pick(track.lat),
    lon: pick(track.lon),
    hs: pick(track.hs),
    windSpeed: pick(track.windSpeed),
    mission: pick(track.mission),
    cycle: pick(track.cycle),
    pass: pick(track.pass),
  };
}

/** Model values at the observation times, linear in time between steps (NaN outside the record). */
export function modelAtTimes(series: Series, field: string, times: Float64Array): Float64Array {
  const values = series.fields[field]?.values;
  if (!values) throw new RangeError(`modelAtTimes: no field "${field}" in the series`);
  const t0 = series.time[0] ?? NaN;
  const out = new Float64Array(times.length);
  for (let k = 0; k < times.length; k++) {
    const x = (times[k]! - t0) / series.stepMs;
    const i = Math.floor(x);
    if (!(i >= 0 && i < values.length)) {
      out[k] = NaN;
      continue;
    }
    const f = x - i;
    out[k] = i + 1 < values.length ? values[i]! * (1 - f) + values[i + 1]! * f : f === 0 ? values[i]! : NaN;
  }
  return out;
}

interface Mission {
  name: string;
  start: number;
  end: number;
  repeatDays: number;
  /** Orbit inclination, degrees. */
  inclination: number;
}

/** Altimetry missions with their operating periods and exact repeat cycles (AVISO/CNES, ESA, EUMETSAT). */
export const ALTIMETRY_MISSIONS: readonly Mission[] = [
  {
    name: 'TOPEX/Poseidon',
    start: Date.UTC(1992, 8, 25),
    end: Date.UTC(2005, 9, 9),
    repeatDays: 9.9156,
    inclination: 66,
  },
  {
    name: 'ERS-2',
    start: Date.UTC(1995, 4, 15),
    end: Date.UTC(2011, 6, 6),
    repeatDays: 35,
    inclination: 98.5,
  },
  {
    name: 'Jason-1',
    start: Date.UTC(2002, 0, 15),
    end: Date.UTC(2013, 5, 21),
    repeatDays: 9.9156,
    inclination: 66,
  },
  {
    name: 'Envisat',
    start: Date.UTC(2002, 4, 14),
    end: Date.UTC(2012, 3, 8),
    repeatDays: 35,
    inclination: 98.5,
  },
  {
    name: 'Jason-2',
    start: Date.UTC(2008, 6, 4),
    end: Date.UTC(2019, 9, 1),
    repeatDays: 9.9156,
    inclination: 66,
  },
  { name: 'CryoSat-2', start: Date.UTC(2010, 6, 16), end: Infinity, repeatDays: 369, inclination: 92 },
  { name: 'SARAL/AltiKa', start: Date.UTC(2013, 2, 14), end: Infinity, repeatDays: 35, inclination: 98.55 },
  { name: 'Jason-3', start: Date.UTC(2016, 1, 12), end: Infinity, repeatDays: 9.9156, inclination: 66 },
  { name: 'Sentinel-3A', start: Date.UTC(2016, 2, 1), end: Infinity, repeatDays: 27, inclination: 98.65 },
  { name: 'Sentinel-3B', start: Date.UTC(2018, 4, 1), end: Infinity, repeatDays: 27, inclination: 98.65 },
];

export interface SyntheticAltimetryOptions {
  /** Collocation radius, km (default 50). */
  radiusKm?: number;
  /** Fields of the model series to sample (defaults: hs, wind_speed_10m). */
  hsField?: string;
  windField?: string;
}

const GROUND_SPEED_KM_S = 5.8; // 1-Hz along-track spacing of a low-orbit altimeter

/**
 * Synthetic along-track altimetry near (lat, lon), drawn from a model series (the demo hindcast): each
 * mission in operation passes once ascending and once descending per repeat cycle at a fixed distance
 * from the point, sampling every 5.8 km (1 Hz) inside the radius. Hs = model × (1 + mission bias) +
 * N(0, (0.05·Hs + 0.1 m)²) (1-Hz altimeter noise, e.g. Ribal & Young 2019); wind = model + N(0, 1.2² m²/s²);
 * 5 % of passes are lost (rain, land or ice flags). Deterministic from the position.
 */
export function syntheticAltimetry(
  lat: number,
  lon: number,
  model: Series,
  options: SyntheticAltimetryOptions = {},
): AlongTrack {
  const radius = options.radiusKm ?? 50;
  const hsModel = model.fields[options.hsField ?? 'hs'];
  const windModel = model.fields[options.windField ?? 'wind_speed_10m'];
  const random = seededRandom(positionSeed(lat, lon) ^ 0x5a7e11);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const first = model.time[0] ?? NaN;
  const last = model.time[model.time.length - 1] ?? NaN;
  const rows: {
    t: number;
    la: number;
    lo: number;
    hs: number;
    ws: number;
    m: number;
    cycle: number;
    pass: number;
  }[] = [];
  const cosLat = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  ALTIMETRY_MISSIONS.forEach((mission, m) => {
    const bias = 0.04 * (random() - 0.5);
    const repeatMs = mission.repeatDays * 86_400_000;
    // ground-track heading (from north) at this latitude, ascending; descending mirrors it
    const ratio = Math.cos((mission.inclination * Math.PI) / 180) / cosLat;
    const heading = Math.asin(Math.max(-1, Math.min(1, ratio)));
    for (const [p, sign] of [1, -1].entries()) {
      const offsetMs = random() * repeatMs;
      const d0 = (2 * random() - 1) * radius * 0.9;
      const passNumber = 1 + Math.floor(random() * 254);
      const h = sign > 0 ? heading : Math.PI - heading;
      const half = Math.sqrt(radius * radius - d0 * d0);
      for (
        let t = mission.start + offsetMs, cycle = 1;
        t <= Math.min(mission.end, last);
        t += repeatMs, cycle++
      ) {
        if (t < first || random() < 0.05) continue;
        for (let s = -half; s <= half; s += GROUND_SPEED_KM_S) {
          // local east/north offsets: along-track s at heading h, cross-track d0
          const east = s * Math.sin(h) + d0 * Math.cos(h);
          const north = s * Math.cos(h) - d0 * Math.sin(h);
          const time = t + (s / GROUND_SPEED_KM_S) * 1000;
          const at = (time - first) / model.stepMs;
          const i = Math.min(model.time.length - 1, Math.max(0, Math.round(at)));
          const hs = hsModel ? hsModel.values[i]! : NaN;
          const ws = windModel ? windModel.values[i]! : NaN;
          rows.push({
            t: time,
            la: lat + north / 111.195,
            lo: normalizeLongitude(lon + east / (111.195 * cosLat)),
            hs: Math.max(0, hs * (1 + bias) + (0.05 * hs + 0.1) * gauss()),
            ws: Math.max(0, ws + 1.2 * gauss()),
            m,
            cycle,
            pass: passNumber + p,
          });
        }
      }
    }
  });
  rows.sort((a, b) => a.t - b.t);
  return {
    time: Float64Array.from(rows, (r) => r.t),
    lat: Float64Array.from(rows, (r) => r.la),
    lon: Float64Array.from(rows, (r) => r.lo),
    hs: Float32Array.from(rows, (r) => r.hs),
    windSpeed: Float32Array.from(rows, (r) => r.ws),
    mission: Uint8Array.from(rows, (r) => r.m),
    missions: ALTIMETRY_MISSIONS.map((x) => x.name),
    cycle: Int32Array.from(rows, (r) => r.cycle),
    pass: Int32Array.from(rows, (r) => r.pass),
    source: `synthetic altimetry (${SYNTHETIC_NOTICE})`,
  };
}
