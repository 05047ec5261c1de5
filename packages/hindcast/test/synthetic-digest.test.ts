// The synthetic generator is deterministic: a node's 40 years are the same, bit for bit, from one version of
// the code to the next (stored results and exports name their node, and a recomputed point must give the same
// numbers). The digests below were computed by the generator as of commit 5a498ea; a change meant to make it
// faster must keep them (docs/decisions.md, 'The point pipeline: batches in flight and a stop flag'). Any
// change of a value, of the fields' order, of the storms or of the tidal constituents fails here.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syntheticHindcast } from '../src/index';

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
      hs: '3765af511842a2c0',
      tp: '6989a2e66f7e28f2',
      tz: '0d31704bd39138f6',
      dp: '5ade236856853619',
      dir: '62b820fab25aee52',
      hs_swell: '0a80ef4c1d4c627b',
      tp_swell: 'a2794682647a1281',
      dir_swell: '88d946d52f4a8c99',
      wind_speed_10m: '1363be459268cd09',
      wind_dir_10m: 'ec50f6e500e9c84e',
      wind_speed_50m: '82a9457806f16930',
      wind_dir_50m: '64d650e54b3a48ee',
      wind_speed_100m: '33da5920dd0d8b51',
      wind_dir_100m: '7374b25c66def37f',
      current_speed_0m: 'b156f5df82b96c46',
      current_dir_0m: 'c660ef11cc1e682e',
      temperature_0m: '285480710a4ae176',
      salinity_0m: 'ac08ce236bdd3441',
      current_speed_10m: 'e64db8410651525c',
      current_dir_10m: '64576b7bc1c6299a',
      temperature_10m: 'a55d59209fcba5eb',
      salinity_10m: '0d3d14b69edd6848',
      current_speed_30m: 'aeb10d159fcd6983',
      current_dir_30m: '2c9412f2d5c2ef9f',
      temperature_30m: '83df74207a1dca69',
      salinity_30m: '23262ea980016fef',
      current_speed_50m: '28fee8891d20dc57',
      current_dir_50m: '9d35806dada37758',
      temperature_50m: '3a5a873eb5382f1d',
      salinity_50m: 'cd2fcd19a5c350ac',
      water_level: '9d55d8d6efbf2492',
      tide: '4e3a7231833313ba',
      surge: '760774e80d0259c6',
      energy_flux: '1bda837f37798698',
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
      hs: '62c87b2276c33076',
      tp: '613c0c66710136ab',
      tz: '4869d585b41c62fc',
      dp: '4be5ccde1c49f529',
      dir: '1f912410ccad3f4c',
      hs_swell: '3a6bd276ec7630e3',
      tp_swell: 'c81861743120fe46',
      dir_swell: 'b05f0c32393cc58c',
      wind_speed_10m: 'cdfb0dcb06719196',
      wind_dir_10m: 'e50fe2ae66eb0b22',
      wind_speed_50m: 'afd232a4168751e4',
      wind_dir_50m: 'b75590a57dadbf7c',
      wind_speed_100m: '500779768d61043f',
      wind_dir_100m: '0f8235970379af78',
      current_speed_0m: 'fcfa984b35f3d3fc',
      current_dir_0m: '4cfd66510c59047f',
      temperature_0m: 'eedfc0598ec95689',
      salinity_0m: '52927c683673b08c',
      current_speed_10m: '97fcc12adf8448ee',
      current_dir_10m: 'ce77b9eabec847fc',
      temperature_10m: '2132ee5eaa6a42d2',
      salinity_10m: 'd512e532f7b688d3',
      current_speed_30m: '3c8d74f79d667815',
      current_dir_30m: 'f3dd90999c1780c8',
      temperature_30m: '7b5584e37c9377e2',
      salinity_30m: 'e7fd96aa2902fa83',
      current_speed_50m: '78faa585b89b70ac',
      current_dir_50m: '47893dc2383f88a5',
      temperature_50m: 'e9b97fef31436e9f',
      salinity_50m: '8f355bdaf3b1fb00',
      water_level: 'a5cea577f04d6eb5',
      tide: 'f3d629a59bc9e3d4',
      surge: '7b8e628554f5f936',
      energy_flux: 'd0767961ddb05911',
      hurricane: '988130a9240d66c2',
      '(storms)': '3af902f2775eea39',
      '(constituents)': '05d144b47c1a9c18',
    };
    const actual = digests(20.25, 118.5, true);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    expect(actual).toEqual(expected);
  });
});
