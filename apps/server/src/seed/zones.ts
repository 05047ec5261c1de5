// Work zones of the demo. Outlines are simplified sea-area polygons (WGS 84, lon/lat), drawn around the
// real data points shipped with the demo: ERA5 109.94E 15.51N (South China Sea), NORA3 1.32E 53.32N
// (Southern North Sea), NDBC 44007 70.1W 43.5N (Gulf of Maine) and NDBC 42001 89.7W 25.9N (Gulf of Mexico).
import type { Bounds, GeoJsonGeometry } from '../db/schema';

export interface ZoneSeed {
  name: string;
  description: string;
  isDemo?: boolean;
  isWorld?: boolean;
  isCyclonic?: boolean;
  /** 2D statistics maps are drawn for the zone (spec 000 §3 has2DStatistics). */
  has2DStatistics?: boolean;
  ring: [number, number][];
}

export const zoneSeeds: ZoneSeed[] = [
  {
    name: 'World',
    description: 'Worldwide coverage with the global hindcast (Global Data).',
    isWorld: true,
    ring: [
      [-180, -80],
      [180, -80],
      [180, 85],
      [-180, 85],
      [-180, -80],
    ],
  },
  {
    name: 'North and Celtic Seas',
    has2DStatistics: true,
    description: 'North Sea, Channel approaches and Celtic Sea.',
    ring: [
      [-12, 48],
      [-5.5, 48],
      [-4.5, 50],
      [1.5, 50.8],
      [3, 51.3],
      [4.5, 52.5],
      [5, 53.4],
      [8.5, 53.6],
      [8.8, 55],
      [8, 57],
      [10.5, 57.7],
      [8, 58.2],
      [5.5, 58.5],
      [5, 62],
      [-4, 62],
      [-8, 58],
      [-12, 55],
      [-12, 48],
    ],
  },
  {
    name: 'Bay of Biscay',
    has2DStatistics: true,
    description: 'Bay of Biscay, from Galicia to Brittany. Demo zone: computations here are free.',
    isDemo: true,
    ring: [
      [-10, 43.3],
      [-8, 43.7],
      [-1.8, 43.4],
      [-1.2, 44.5],
      [-1.2, 46.2],
      [-2.5, 47.3],
      [-4.5, 48],
      [-5.5, 48.5],
      [-10, 48.5],
      [-10, 43.3],
    ],
  },
  {
    name: 'South China Sea',
    description: 'South China Sea, from the Gulf of Thailand approaches to the Luzon Strait.',
    ring: [
      [105, 3],
      [109, 1.5],
      [117, 6],
      [119.5, 10],
      [120.5, 18],
      [121, 22.5],
      [117, 23.5],
      [112, 21.8],
      [108, 21.5],
      [106.5, 19],
      [106, 17],
      [108.5, 14],
      [109.5, 12],
      [106, 9],
      [103, 8.5],
      [104, 5],
      [105, 3],
    ],
  },
  {
    name: 'Southern North Sea',
    has2DStatistics: true,
    description: 'Southern North Sea, offshore wind farm areas off East Anglia, the Netherlands and Germany.',
    ring: [
      [0, 51],
      [1.6, 51.1],
      [3, 51.3],
      [4.5, 52.5],
      [5, 53.4],
      [8.5, 53.6],
      [8.5, 55.5],
      [0, 55.5],
      [-1.5, 54.5],
      [0.3, 53.5],
      [0.2, 52.8],
      [1.7, 52.6],
      [1.5, 51.4],
      [0, 51],
    ],
  },
  {
    name: 'Gulf of Mexico',
    has2DStatistics: true,
    description: 'Gulf of Mexico. Cyclonic zone: extremes are also given without the hurricane periods.',
    isCyclonic: true,
    ring: [
      [-97.5, 26],
      [-97.3, 28],
      [-94, 29.6],
      [-90, 29.2],
      [-89, 30.2],
      [-85.5, 30],
      [-84, 29.8],
      [-82.8, 28],
      [-81.5, 25],
      [-80.5, 23.5],
      [-84, 22],
      [-86.8, 21.5],
      [-87.5, 19.5],
      [-91, 18.5],
      [-94.5, 18],
      [-96.5, 19.5],
      [-97.5, 22],
      [-97.5, 26],
    ],
  },
  {
    name: 'Gulf of Maine',
    description: 'Gulf of Maine, from Cape Cod to the Bay of Fundy.',
    ring: [
      [-70.8, 42.2],
      [-70, 41.6],
      [-66, 41],
      [-65.5, 43.5],
      [-66.5, 45],
      [-67.2, 44.6],
      [-69, 44],
      [-70.3, 43.6],
      [-70.8, 42.6],
      [-70.8, 42.2],
    ],
  },
];

export function zoneGeometry(seed: ZoneSeed): { geom: GeoJsonGeometry; bounds: Bounds } {
  const lons = seed.ring.map(([lon]) => lon);
  const lats = seed.ring.map(([, lat]) => lat);
  return {
    geom: { type: 'Polygon', coordinates: [seed.ring] },
    bounds: {
      northEast: { lat: Math.max(...lats), lon: Math.max(...lons) },
      southWest: { lat: Math.min(...lats), lon: Math.min(...lons) },
    },
  };
}
