// The full record of a 40-year hourly point (EFT) as .mat and .nc: the files hold the data and little
// else (sizes within 1 % of the values' own bytes), and independent readers see the whole record —
// scipy.io.whosmat (Debian's python3-scipy) lists the struct without loading it, ncdump -h (netCDF-C)
// the 350,640 steps. The xlsx of the same record is measured in docs/decisions.md (about 2 minutes).
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticHindcast } from '@metocean/hindcast';
import { seriesDocument, sizeOf } from '../../../src/exports/document';
import { writeMatDocument } from '../../../src/exports/mat';
import { writeNetcdfDocument } from '../../../src/exports/netcdf';
import { analysedSeries } from '../../../src/data/sources';
import { context } from './fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'eft-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('EFT of a 40-year hourly point', () => {
  it('writes .mat and .nc of the size of their values, read whole by scipy and ncdump', async () => {
    const { series } = syntheticHindcast(56, 3);
    const analysed = analysedSeries(series);
    const kwargs = {
      statId: 'EFT',
      code: 'EFT' as const,
      periodicity: 'annual' as const,
      title: 'All time series',
      dataset: 'Synthetic demo hindcast',
      method: 'every field at full resolution',
      node: { lat: 56, lon: 3, distanceKm: 0 },
    };
    const document = seriesDocument(analysed, kwargs, { classLists: {} }, context);
    const steps = analysed.time.length;
    expect(steps).toBe(350_640); // 1985–2024, hourly
    // Values: float64 times (datenum in .mat, seconds in .nc) and each field in its own (float32) type.
    const valueBytes = document.arrays.reduce(
      (sum, a) => sum + sizeOf(a.shape) * (a.values as Float32Array | Float64Array).BYTES_PER_ELEMENT,
      0,
    );

    const mat = path.join(dir, 'eft.mat');
    const out = createWriteStream(mat);
    const closed = once(out, 'close');
    await writeMatDocument(document, out);
    await closed;
    const matBytes = statSync(mat).size;
    expect(matBytes).toBeGreaterThan(valueBytes);
    expect(matBytes).toBeLessThan(valueBytes * 1.01);
    const listed = execFileSync('/usr/bin/python3', [
      '-c',
      'import scipy.io, sys; print(scipy.io.whosmat(sys.argv[1]))',
      mat,
    ]).toString();
    expect(listed.trim()).toBe("[('EFT', (1, 1), 'struct')]");

    const nc = path.join(dir, 'eft.nc');
    await writeNetcdfDocument(document, nc);
    const ncBytes = statSync(nc).size;
    expect(ncBytes).toBeGreaterThan(valueBytes);
    expect(ncBytes).toBeLessThan(valueBytes * 1.01);
    const header = execFileSync('ncdump', ['-h', nc]).toString();
    expect(header).toContain(`time = ${steps} ;`);
    expect(header).toContain('float hs(time) ;');
    expect((header.match(/\(time\) ;/g) ?? []).length).toBe(Object.keys(analysed.fields).length + 1);
  }, 60_000);
});
