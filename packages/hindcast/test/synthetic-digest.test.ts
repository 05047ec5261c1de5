// The synthetic generator is deterministic: a node's 40 years are the same, bit for bit, from one version of
// the code to the next (stored results and exports name their node, and a recomputed point must give the same
// numbers). The digests below were computed by the generator as of the commit that rounds its values to the
// decimals hindcast files store (docs/decisions.md, 'Synthetic demo hindcast'); a change meant to make it
// faster must keep them. Any change of a value, of the fields' order, of the storms or of the tidal
// constituents fails here.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syntheticHindcast, VARIABLES } from '../src/index';

const digest = (bytes: Uint8Array | string): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const digestOf = (values: ArrayBufferView): string =>
  digest(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));

function digests(lat: number, lon: number, cyclonic: boolean): Record<string, string> {
  const result = syntheticHindcast(lat, lon, { cyclonic });
  const out: Record<string, string> = { time: digestOf(result.series.time) };
  for (const [name, field] of Object.entries(result.series.fields)) out[name] = digestOf(field.values);
  out['(storms)'] = digest(JSON.stringify(result.storms));
  out['(constituents)'] = digest(JSON.stringify(result.tide));
  return out;
}

describe('synthetic generator, bit for bit', () => {
  it('gives the same 40 years at a North Sea node as before', () => {
    const expected: Record<string, string> = {
      time: 'defb4a0c03553503',
      hs: 'fdd725d581b688cd',
      tp: '68a28f7eea46de92',
      tz: '5febd0be2d99c7ae',
      dp: '5a008a5d3989fa49',
      dir: '57e51457a1ae3878',
      hs_swell: 'e3f8ab5892c8f9e8',
      tp_swell: '28ab272c67ef42ce',
      dir_swell: 'af93c984acad8de3',
      wind_speed_10m: 'ec489b38067bfadf',
      wind_dir_10m: '7bb40a5b175cb31b',
      wind_speed_50m: 'e32f76e5d66f69ee',
      wind_dir_50m: '0038d28ed867040b',
      wind_speed_100m: '45f40ad8390cb433',
      wind_dir_100m: '5828c086f0b6b6ca',
      current_speed_0m: 'e4d2ce21d84e54f4',
      current_dir_0m: '1cdab6893cee5d47',
      temperature_0m: 'c9d4c41446ad7121',
      salinity_0m: '6a39c6499f1f847e',
      current_speed_10m: '67a7d0c460c95f73',
      current_dir_10m: 'd7bcd75b78c19856',
      temperature_10m: '6b87e01730845f80',
      salinity_10m: '92f40f0df2eeda1b',
      current_speed_30m: 'b0971a21c733eb6e',
      current_dir_30m: 'b42bc2ded463350a',
      temperature_30m: 'ea1504b7aa046091',
      salinity_30m: '019efc626a3ce48c',
      current_speed_50m: 'c1987fcc92820d45',
      current_dir_50m: '02852873dd759e80',
      temperature_50m: '0c45d1c0471cdc8f',
      salinity_50m: '299d59ba950c0b1b',
      water_level: '2426d13e28e6395a',
      tide: '4e41861c7d2fdf21',
      surge: '692f25fff0c34ded',
      energy_flux: 'beb237b1597a2473',
      hurricane: '85507e7e217614f3',
      '(storms)': '05b140ea2af4883d',
      '(constituents)': 'a5a2a7865dceecb4',
    };
    const actual = digests(56, 1.75, false);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    expect(actual).toEqual(expected);
  });

  it('gives the same 40 years, hurricanes included, at a South China Sea node as before', () => {
    const expected: Record<string, string> = {
      time: 'defb4a0c03553503',
      hs: 'bad4e1f7b358a57c',
      tp: '4afb6033e862d3d3',
      tz: '927b45d93c87ef98',
      dp: '1a52bd2052e9b5d6',
      dir: 'e850abfca189536d',
      hs_swell: 'bd406d2d72414512',
      tp_swell: 'c6ce8fabece16ade',
      dir_swell: '7cfc7b1d65ccc6fc',
      wind_speed_10m: '75a778d8c0ecc145',
      wind_dir_10m: 'b8d23c12042db12d',
      wind_speed_50m: '004b71f18a2b35da',
      wind_dir_50m: '98214f204152cf08',
      wind_speed_100m: 'a60a0bc04d71597b',
      wind_dir_100m: 'd31991ce4bdff876',
      current_speed_0m: '910c17b8f8257a7a',
      current_dir_0m: 'a298c72032690f1a',
      temperature_0m: 'e13910711a5ad24f',
      salinity_0m: 'c26ecbbe929d255e',
      current_speed_10m: '9ee3b3f165ddaa82',
      current_dir_10m: '1ba0c9d01319527e',
      temperature_10m: '3985bba40e69135f',
      salinity_10m: 'd7419b8547c8b385',
      current_speed_30m: '80e88107a78d200f',
      current_dir_30m: '04d2a48f40f7b5c0',
      temperature_30m: 'c065e9a4b59c8c0d',
      salinity_30m: 'f5d06c0228f7f4e4',
      current_speed_50m: 'eaaff13372a8f3f6',
      current_dir_50m: 'b35c7679c1d3f5c7',
      temperature_50m: 'ad0572e2af40d5e7',
      salinity_50m: '8044e91ff0b4db67',
      water_level: '885da2f258f11fd3',
      tide: '6588da6d9c80556f',
      surge: 'dcce757bfa5e6fd7',
      energy_flux: '41430c78e18a0e25',
      hurricane: '988130a9240d66c2',
      '(storms)': '3af902f2775eea39',
      '(constituents)': '05d144b47c1a9c18',
    };
    const actual = digests(20.25, 118.5, true);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    expect(actual).toEqual(expected);
  });

  it('hands out values at the decimals hindcast files store: 0.1° directions, mm levels and currents, 0.01 else', () => {
    const { series } = syntheticHindcast(20.25, 118.5, { cyclonic: true });
    const decimalsOf = (name: string): number => {
      const variable = series.fields[name]!.variable ?? name;
      if (VARIABLES[variable]!.units === 'degree') return 1;
      if (['current_speed', 'water_level', 'tide', 'surge'].includes(variable)) return 3;
      return variable === 'hurricane' ? 0 : 2;
    };
    for (const [name, field] of Object.entries(series.fields)) {
      const k = 10 ** decimalsOf(name);
      const direction = VARIABLES[field.variable ?? name]!.units === 'degree';
      let offGrid = 0;
      for (const v of field.values) {
        // each value is the float32 nearest a decimal with those decimals
        const decimal = Math.round(v * k) / k; // ties cannot occur: v·k is within float32 error of an integer
        if (Math.fround(decimal) !== v || Object.is(v, -0) || (direction && (v < 0 || v >= 360))) {
          offGrid++;
        }
      }
      expect([name, offGrid]).toEqual([name, 0]);
    }
    // the total level is the sum of the stored tide and surge, to the millimetre
    const { water_level: total, tide, surge } = series.fields;
    let mismatched = 0;
    for (let i = 0; i < total!.values.length; i++) {
      const sum = Math.round(tide!.values[i]! * 1000) + Math.round(surge!.values[i]! * 1000);
      if (Math.round(total!.values[i]! * 1000) !== sum) mismatched++;
    }
    expect(mismatched).toBe(0);
  });
});
