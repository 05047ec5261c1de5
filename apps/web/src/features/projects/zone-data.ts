// What the new-project flow says about the data its points will read (issue 30): each dataset's variables in
// the planner's words and its period; beside the Global/High-Resolution toggle, the regional zone the points
// lie in; and, for a zone whose datasets split the variables, which points will lack which variables.
import {
  FIELD_LABELS,
  fieldLabel,
  type Zone,
  type ZoneDataset,
  type ZonePointData,
} from '@metocean/contracts';
import { listOfNames } from './data-nodes';

const KM_PER_DEGREE = 111.195;

/** A dataset's grid step in km (degrees at the equator), NaN when its units are unknown. */
function resolutionKm(dataset: ZoneDataset): number {
  const first = dataset.dimensions[0];
  if (!first) return NaN;
  const units = first.spatialResolutionUnits.toLowerCase();
  if (units.startsWith('deg')) return first.spatialResolution * KM_PER_DEGREE;
  if (units === 'km') return first.spatialResolution;
  if (units === 'm') return first.spatialResolution / 1000;
  return NaN;
}

const year = (iso: string): number => new Date(iso).getUTCFullYear();

/** "2000–2010" (first and last year of the record), "2000" for one year, '' when unknown. */
export function periodYears(dataset: ZoneDataset): string {
  const begins = dataset.dimensions.map((d) => year(d.dateBegin)).filter(Number.isFinite);
  const ends = dataset.dimensions.map((d) => year(d.dateEnd)).filter(Number.isFinite);
  if (begins.length === 0 || ends.length === 0) return '';
  const first = Math.min(...begins);
  const last = Math.max(...ends);
  return first === last ? String(first) : `${first}–${last}`;
}

const CATALOGUE_ORDER: readonly string[] = Object.keys(FIELD_LABELS);

/** Catalogue keys in the catalogue's order (Hs, Tp, …, wind, currents, levels), unknown keys after, each once. */
export function inCatalogueOrder(keys: readonly string[]): string[] {
  const rank = (key: string) => {
    const index = CATALOGUE_ORDER.indexOf(key);
    return index < 0 ? CATALOGUE_ORDER.length : index;
  };
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The dataset's variables in the planner's words, in the catalogue's order, each once. */
export function datasetVariables(dataset: ZoneDataset): string[] {
  return inCatalogueOrder(dataset.dimensions.flatMap((d) => d.variables)).map((key) => fieldLabel(key));
}

/** "0.5°" or "3 km": the grid step as the dataset declares it. */
export function resolutionText(dataset: ZoneDataset): string {
  const first = dataset.dimensions[0];
  if (!first) return '';
  const units = first.spatialResolutionUnits.toLowerCase().startsWith('deg')
    ? '°'
    : ` ${first.spatialResolutionUnits}`;
  return `${first.spatialResolution}${units}`;
}

/**
 * Beside the toggle while the worldwide default is chosen: the regional zone the points lie in, and what
 * it holds. "Finer" only when a regional dataset's grid is finer than every worldwide one; else "its own".
 */
export function regionalZoneNote(regional: readonly Zone[], world: readonly Zone[]): string | null {
  const zone = regional[0];
  if (!zone) return null;
  const worldKm = Math.min(...world.flatMap((z) => z.datasets.map(resolutionKm)).filter(Number.isFinite));
  const finer = zone.datasets.some((d) => resolutionKm(d) < worldKm);
  const held = zone.datasets
    .map((d) => [d.name, [resolutionText(d), periodYears(d)].filter(Boolean).join(', ')])
    .map(([name, detail]) => (detail ? `${name} at ${detail}` : name))
    .join('; ');
  const others =
    regional.length > 1
      ? ` (and ${regional.length - 1} more regional zone${regional.length > 2 ? 's' : ''})`
      : '';
  return `These points lie in the ${zone.name} zone${others}, which has ${finer ? 'finer data' : 'its own data'}: ${held}. Choose High-Resolution to use it.`;
}

/**
 * For a zone whose datasets split the variables: one sentence per group of points that will lack some,
 * "SITE and QUAY will read ERA5 South China Sea (…), which has Significant wave height, …; they will have no
 * Wind speed, … (held only by Synthetic demo hindcast (South China Sea), synthetic)". [] when none lacks.
 */
export function lackingVariablesNotes(
  data: ZonePointData,
  names: readonly string[],
  zone: Pick<Zone, 'datasets'>,
): string[] {
  const groups = new Map<
    string,
    { names: string[]; dataset: string; variables: string[]; lacks: string[] }
  >();
  data.points.forEach((entry, index) => {
    if (!entry || entry.lacks.length === 0) return;
    const key = `${entry.dataset}\u0000${entry.lacks.join(',')}`;
    const group = groups.get(key) ?? {
      names: [],
      dataset: entry.dataset,
      variables: entry.variables,
      lacks: entry.lacks,
    };
    group.names.push(names[index] ?? `Point ${index + 1}`);
    groups.set(key, group);
  });
  return [...groups.values()].map((group) => {
    const holders = zone.datasets
      .filter(
        (d) =>
          d.name !== group.dataset &&
          group.lacks.some((key) => d.dimensions.some((dim) => dim.variables.includes(key))),
      )
      .map((d) => (d.synthetic ? `${d.name}, synthetic` : d.name));
    const subject =
      group.names.length === 1 ? `${group.names[0]} will read` : `${listOfNames(group.names)} will read`;
    const pronoun = group.names.length === 1 ? 'it' : 'they';
    const where =
      holders.length > 0 ? ` (held here only by ${listOfNames(holders)}, at other positions)` : '';
    const has = listOfNames(inCatalogueOrder(group.variables).map((k) => fieldLabel(k)));
    return `${subject} ${group.dataset}, which has ${has} only: ${pronoun} will have no ${lackedInWords(group.lacks, zone)}${where}.`;
  });
}

/** Words for a dimension the points lack as a whole. */
const DIMENSION_WORDS: Record<string, string> = {
  wind: 'wind',
  current: 'currents',
  waterLevel: 'water levels',
  hydrology: 'sea temperature and salinity',
};

/**
 * "wind, currents, water levels or sea temperature and salinity, nor 6 other wave variables": whole
 * dimensions in words, the wave variables (and unknown ones) counted, so the warning stays a sentence.
 */
function lackedInWords(lacks: readonly string[], zone: Pick<Zone, 'datasets'>): string {
  const kindOf = new Map<string, string>();
  for (const d of zone.datasets)
    for (const dim of d.dimensions) for (const v of dim.variables) kindOf.set(v, dim.kind);
  const kinds: string[] = [];
  const rest: string[] = [];
  for (const key of inCatalogueOrder(lacks)) {
    const words = DIMENSION_WORDS[kindOf.get(key) ?? ''];
    if (words) {
      if (!kinds.includes(words)) kinds.push(words);
    } else rest.push(key);
  }
  const others =
    rest.length === 0
      ? ''
      : rest.length <= 2
        ? listOfNames(rest.map((k) => fieldLabel(k).toLowerCase()))
        : `${rest.length} other wave variables`;
  if (kinds.length === 0) return others;
  const whole =
    kinds.length === 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1) ?? ''}`;
  return others ? `${whole}, nor ${others}` : whole;
}
