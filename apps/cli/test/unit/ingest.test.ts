import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openZarrDataset } from '@metocean/hindcast';
import { runIngestCli } from '../../src/ingest';

const work = mkdtempSync(path.join(tmpdir(), 'cli-ingest-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const ERA5 = fileURLToPath(
  new URL(
    '../../../../../shared/data/era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv',
    import.meta.url,
  ),
);
const io = {
  env: {},
  isDirectory: (file: string) => existsSync(file) && statSync(file).isDirectory(),
  fetch,
};
const describeArgs = ['--name', 'Test grid', '--licence', 'CC0', '--source', 'ncgen'];

/** ncgen (Debian's netcdf-bin, netCDF-C) writes the NetCDF4 test file: 3 hours × 1 × 2 nodes of Hs. */
function ncgen(units: string): string {
  const out = path.join(work, `grid-${units}.nc`);
  writeFileSync(
    `${out}.cdl`,
    `netcdf g {
dimensions: time = 3 ; latitude = 1 ; longitude = 2 ;
variables:
  double time(time) ; time:units = "seconds since 2010-06-01 00:00:00" ;
  float latitude(latitude) ; latitude:units = "degrees_north" ;
  float longitude(longitude) ; longitude:units = "degrees_east" ;
  float swh(time, latitude, longitude) ; swh:units = "${units}" ; swh:_FillValue = -999.f ;
data:
  time = 0, 3600, 7200 ; latitude = 50 ; longitude = 1, 2 ;
  swh = 1.5, 2.5, -999, 2.75, 1.25, 3 ;
}
`,
  );
  execFileSync('ncgen', ['-k', 'nc4', '-o', out, `${out}.cdl`]);
  return out;
}

describe('metocean ingest --out', () => {
  it('writes a NetCDF4 file into a Zarr store and prints what it holds', async () => {
    const out = path.join(work, 'grid.zarr');
    const result = await runIngestCli([ncgen('m'), ...describeArgs, '--out', out], io);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({
      dir: out,
      name: 'Test grid',
      nodes: 2,
      grid: 'nodes', // one latitude gives no grid step: the nodes are listed
      variables: ['hs'],
      period: { begin: '2010-06-01T00:00:00.000Z', end: '2010-06-01T02:00:00.000Z' },
      timeStep: { value: 1, units: 'hour' },
    });
    const store = await openZarrDataset(out);
    // node 1 (50 N 2 E): 2.5, 1.25 … as written; the fill value is missing (NaN)
    expect(Array.from((await store.readNode(0)).fields.hs!.values)).toEqual([1.5, NaN, 1.25]);
    expect(Array.from((await store.readNode(1)).fields.hs!.values)).toEqual([2.5, 2.75, 3]);
  });

  it('reports the fill values it treats as missing; --missing declares more (issue 21)', async () => {
    const out = path.join(work, 'declared.zarr');
    const result = await runIngestCli([ncgen('m'), ...describeArgs, '--out', out, '--missing', '2.75'], io);
    expect(result.stderr).toBe('');
    const printed = JSON.parse(result.stdout) as { notes: string[] };
    expect(printed.notes).toEqual([
      'swh: 1 value of the fill value -999 treated as missing',
      'swh: 1 value of 2.75 treated as missing (declared missing)',
    ]);
    const store = await openZarrDataset(out);
    expect(Array.from((await store.readNode(1)).fields.hs!.values)).toEqual([2.5, NaN, 3]);
    const bad = await runIngestCli([ncgen('m'), ...describeArgs, '--out', out, '--missing', 'x'], io);
    expect(bad.stderr).toMatch(/--missing must be comma-separated numbers, got "x"/);
  });

  it('takes a point CSV (position from its LONGITUDE/LATITUDE line)', async () => {
    const out = path.join(work, 'era5.zarr');
    const result = await runIngestCli([ERA5, ...describeArgs, '--out', out, '--resolution', '0.5'], io);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { nodes: number; grid: string; variables: string[] };
    expect(printed).toMatchObject({ nodes: 1, grid: 'nodes' });
    expect(printed.variables.sort((a, b) => a.localeCompare(b))).toEqual(['dir', 'hs', 'tp']);
  });

  it('names the file, the variable and the problem, and leaves nothing behind', async () => {
    const out = path.join(work, 'bad.zarr');
    const file = ncgen('furlongs');
    const result = await runIngestCli([file, ...describeArgs, '--out', out], io);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`ingest: ${file}: variable "swh": `);
    expect(result.stderr).toContain('furlongs');
    expect(existsSync(out)).toBe(false);
  });

  it('checks its arguments before reading anything', async () => {
    const file = ncgen('m');
    const cases: [string[], RegExp][] = [
      [[], /a FILE is required/],
      [[file, '--licence', 'x', '--source', 'y', '--out', 'o'], /--name is required/],
      [[file, ...describeArgs], /--out is required/],
      [[file, ...describeArgs, '--out', 'o', '--server', 'http://x'], /--out or --server, not both/],
      [[file, ...describeArgs, '--out', 'o', '--kind', 'local'], /--kind must be regional or global/],
      [
        [file, ...describeArgs, '--server', 'http://x', '--zones', '1', '--username', 'a'],
        /METOCEAN_PASSWORD/,
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await runIngestCli(argv, io);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    }
  });
});
