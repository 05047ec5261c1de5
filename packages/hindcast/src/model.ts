// The dataset model: what a hindcast dataset is (spec 000 §2.4 dataset dialog, §3 "Dataset overview",
// spec 002 §3 "Zone dataset"), independent of where its values are stored.

/** 'global' is the spec's worldwide 'Global Data', 'regional' its 'High-Resolution'. */
export type DatasetKind = 'global' | 'regional';

export type LevelType = 'depth' | 'altitude';

/** A quantity with the units it is expressed in (spatial resolution, time step). */
export interface Quantity {
  value: number;
  units: string;
}

/** Regular latitude/longitude grid; node index = latIndex * lon.count + lonIndex. */
export interface RegularGrid {
  type: 'regular';
  lat: { start: number; step: number; count: number };
  lon: { start: number; step: number; count: number };
}

/** Unstructured nodes (points of a mesh, single extraction points, buoys). */
export interface NodeList {
  type: 'nodes';
  lat: number[];
  lon: number[];
}

export type Grid = RegularGrid | NodeList;

export interface VariableInfo {
  /** Short key of the variable (`hs`, `wind_speed`, …); series field names derive from it. */
  name: string;
  /** CF standard name where one exists. */
  standardName?: string;
  longName: string;
  units: string;
  /** Levels in metres: depth below MSL (positive down) or height above MSL. */
  levels?: number[];
  levelType?: LevelType;
}

export interface DatasetInfo {
  name: string;
  kind: DatasetKind;
  private: boolean;
  grid: Grid;
  variables: VariableInfo[];
  spatialResolution: Quantity;
  timeStep: Quantity;
  /** Period covered, UTC epoch ms of the first and last step. */
  period: { start: number; end: number };
  /** Producer and model, e.g. 'ECMWF ERA5 (wave model), via MET Norway metocean-api'. */
  origin: string;
  /** Free text shown in the dataset dialog; `;` separates items (spec 000 §2.4). */
  notes: string;
  provenance: { source: string; licence: string; citation?: string };
  /** True for the synthetic demo hindcast: every dataset, export and report made from it carries
   * SYNTHETIC_NOTICE. */
  synthetic?: boolean;
}

export const SYNTHETIC_NOTICE = 'synthetic demo data — not for engineering use';

/** Field name of one level of a variable in a series: `hs`, `wind_speed_10m`, `current_speed_50m`. */
export function fieldName(variable: string, level?: number): string {
  return level === undefined ? variable : `${variable}_${level}m`;
}

/** Every field name a dataset provides, level by level. */
export function fieldNames(info: Pick<DatasetInfo, 'variables'>): string[] {
  return info.variables.flatMap((v) =>
    v.levels && v.levels.length > 0 ? v.levels.map((l) => fieldName(v.name, l)) : [v.name],
  );
}

/** Number of nodes of a grid. */
export function nodeCount(grid: Grid): number {
  return grid.type === 'regular' ? grid.lat.count * grid.lon.count : grid.lat.length;
}

/** Coordinates of node `index` (longitude as stored: −180–180 or 0–360). */
export function nodeCoordinates(grid: Grid, index: number): { lat: number; lon: number } {
  if (grid.type === 'nodes') return { lat: grid.lat[index]!, lon: grid.lon[index]! };
  const i = Math.floor(index / grid.lon.count);
  const j = index % grid.lon.count;
  return { lat: grid.lat.start + i * grid.lat.step, lon: grid.lon.start + j * grid.lon.step };
}

/** The variable catalogue: CF-style names, units and long names of the variables the product knows. */
export const VARIABLES: Record<string, Omit<VariableInfo, 'levels' | 'levelType'>> = {
  hs: {
    name: 'hs',
    standardName: 'sea_surface_wave_significant_height',
    longName: 'significant wave height',
    units: 'm',
  },
  tp: {
    name: 'tp',
    standardName: 'sea_surface_wave_period_at_variance_spectral_density_maximum',
    longName: 'peak wave period',
    units: 's',
  },
  tz: {
    name: 'tz',
    standardName: 'sea_surface_wave_zero_upcrossing_period',
    longName: 'zero up-crossing wave period',
    units: 's',
  },
  dp: {
    name: 'dp',
    standardName: 'sea_surface_wave_from_direction_at_variance_spectral_density_maximum',
    longName: 'peak wave direction (coming from)',
    units: 'degree',
  },
  dir: {
    name: 'dir',
    standardName: 'sea_surface_wave_from_direction',
    longName: 'mean wave direction (coming from)',
    units: 'degree',
  },
  hs_swell: {
    name: 'hs_swell',
    standardName: 'sea_surface_swell_wave_significant_height',
    longName: 'swell significant wave height',
    units: 'm',
  },
  tp_swell: {
    name: 'tp_swell',
    standardName: 'sea_surface_swell_wave_period_at_variance_spectral_density_maximum',
    longName: 'swell peak period',
    units: 's',
  },
  dir_swell: {
    name: 'dir_swell',
    standardName: 'sea_surface_swell_wave_from_direction',
    longName: 'swell mean direction (coming from)',
    units: 'degree',
  },
  wind_speed: { name: 'wind_speed', standardName: 'wind_speed', longName: 'wind speed', units: 'm s-1' },
  wind_dir: {
    name: 'wind_dir',
    standardName: 'wind_from_direction',
    longName: 'wind direction (coming from)',
    units: 'degree',
  },
  current_speed: {
    name: 'current_speed',
    standardName: 'sea_water_speed',
    longName: 'current speed',
    units: 'm s-1',
  },
  current_dir: {
    name: 'current_dir',
    standardName: 'direction_of_sea_water_velocity',
    longName: 'current direction (going to)',
    units: 'degree',
  },
  water_level: {
    name: 'water_level',
    standardName: 'sea_surface_height_above_mean_sea_level',
    longName: 'total water level',
    units: 'm',
  },
  tide: {
    name: 'tide',
    standardName: 'sea_surface_height_amplitude_due_to_non_equilibrium_ocean_tide',
    longName: 'tidal water level',
    units: 'm',
  },
  surge: {
    name: 'surge',
    standardName: 'sea_surface_height_amplitude_due_to_non_tidal_processes',
    longName: 'storm surge (non-tidal residual)',
    units: 'm',
  },
  temperature: {
    name: 'temperature',
    standardName: 'sea_water_temperature',
    longName: 'sea water temperature',
    units: 'degC',
  },
  salinity: {
    name: 'salinity',
    standardName: 'sea_water_practical_salinity',
    longName: 'sea water salinity',
    units: '1e-3',
  },
  energy_flux: {
    name: 'energy_flux',
    standardName: 'sea_surface_wave_energy_flux',
    longName: 'wave energy flux per metre of crest',
    units: 'kW m-1',
  },
  hurricane: {
    name: 'hurricane',
    longName: 'tropical cyclone flag (1 during a tropical cyclone, 0 otherwise)',
    units: '1',
  },
};

/**
 * Physical range of each catalogue variable, in its catalogue units: a value outside is a fill code or a
 * broken sensor (Hs −999, NDBC's 99.00 and 999), read as missing and reported, never as data. The bounds are
 * wide on purpose (beyond any recorded sea state, wind or current), so no real value is ever lost:
 * the highest measured Hs is about 19 m, the highest hourly wind about 70 m/s. Directions take both
 * conventions, 0–360° and ±180° (the rose and the circular statistics wrap them).
 */
export const PHYSICAL_RANGES: Record<string, readonly [number, number]> = {
  hs: [0, 30],
  tp: [0, 40],
  tz: [0, 30],
  dp: [-180, 360],
  dir: [-180, 360],
  hs_swell: [0, 30],
  tp_swell: [0, 40],
  dir_swell: [-180, 360],
  wind_speed: [0, 100],
  wind_dir: [-180, 360],
  current_speed: [0, 10],
  current_dir: [-180, 360],
  water_level: [-20, 20],
  tide: [-20, 20],
  surge: [-10, 10],
  temperature: [-5, 45],
  salinity: [0, 50],
  energy_flux: [0, 20_000],
  hurricane: [0, 1],
};

/** Longitude in [−180, 180). */
function wrap180(lon: number): number {
  return lon - 360 * Math.floor((lon + 180) / 360);
}

/**
 * Extent of a grid for the dataset overview's min and max coordinates (degrees; longitudes in −180–180,
 * east < west when a regular grid crosses the antimeridian; a global grid spans −180 to 180).
 */
export function gridBounds(grid: Grid): { south: number; north: number; west: number; east: number } {
  if (grid.type === 'regular') {
    const lat2 = grid.lat.start + (grid.lat.count - 1) * grid.lat.step;
    const lon2 = grid.lon.start + (grid.lon.count - 1) * grid.lon.step;
    const span = Math.abs(lon2 - grid.lon.start) + Math.abs(grid.lon.step);
    const [w, e] = grid.lon.step > 0 ? [grid.lon.start, lon2] : [lon2, grid.lon.start];
    return {
      south: Math.min(grid.lat.start, lat2),
      north: Math.max(grid.lat.start, lat2),
      west: span >= 360 ? -180 : wrap180(w),
      east: span >= 360 ? 180 : wrap180(e),
    };
  }
  const lons = grid.lon.map(wrap180);
  return {
    south: Math.min(...grid.lat),
    north: Math.max(...grid.lat),
    west: Math.min(...lons),
    east: Math.max(...lons),
  };
}
