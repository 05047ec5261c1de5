// The real records shipped in ../shared/data that the demo seeds as datasets, with the provenance and
// licence their README gives (to be kept in the dataset notes).
import type { DatasetDescription } from './ingest';

export interface RealDemoDataset {
  /** Paths under the shared data folder, in time order (several files are one record). */
  files: string[];
  description: DatasetDescription;
}

export const REAL_DEMO_DATASETS: readonly RealDemoDataset[] = [
  {
    files: ['era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv'],
    description: {
      name: 'ERA5 South China Sea (point 15.51 N 109.94 E)',
      kind: 'regional',
      private: false,
      origin:
        'ECMWF / Copernicus Climate Change Service ERA5 reanalysis (wave model), via MET Norway metocean-api',
      notes:
        // user-facing: where the file was copied from is in provenance.source, not here
        'Hourly Hs, Tp and mean wave direction, 2000–2010. ' +
        'Contains modified Copernicus Climate Change Service information 2000–2010.',
      spatialResolution: { value: 0.5, units: 'degree' },
      provenance: {
        source: 'github.com/MET-OM/metocean-stats tests/data/ERA5_lon109.94_lat15.51_20000101_20101231.csv',
        licence: 'Copernicus / ECMWF licence for ERA5 (attribution required; published under CC BY 4.0)',
        citation: 'Contains modified Copernicus Climate Change Service information 2000–2010',
      },
    },
  },
  {
    files: ['nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv'],
    description: {
      name: 'NORA3 southern North Sea (point 53.32 N 1.32 E)',
      kind: 'regional',
      private: false,
      origin: 'MET Norway NORA3 hindcast: 3 km HARMONIE-AROME atmosphere and WAM waves, via metocean-api',
      notes: 'Hourly, 2000. Wind at 10, 20, 50, 100, 250, 500 and 750 m; total sea and swell.',
      spatialResolution: { value: 3, units: 'km' },
      provenance: {
        source:
          'github.com/MET-OM/metocean-stats tests/data/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv',
        licence: 'CC BY 4.0, MET Norway',
        citation: 'MET Norway / NORA3',
      },
    },
  },
];
