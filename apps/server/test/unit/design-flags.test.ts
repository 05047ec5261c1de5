import { describe, expect, it } from 'vitest';
import { contourFlags, monthFlags } from '../../src/reports/design-flags';

// issue 30, from the ERA5 South China Sea design report: the 100-year contour's highest Hs 7.27 m under the
// record maximum 8.07 m (shared/data README: Hs 0.23–8.07 m) and under the 100-year Gumbel value 9.27 m;
// December's 50- and 100-year values under December's record maximum.
describe('design report flags', () => {
  it('flags a contour under the record maximum and the return value, and says to carry the return value', () => {
    const flags = contourFlags(
      [
        { returnPeriod: 1, maxHs: 5.1 },
        { returnPeriod: 100, maxHs: 7.27 },
      ],
      [
        { returnPeriod: 1, value: 4.9 },
        { returnPeriod: 100, value: 9.27 },
      ],
      8.07,
      'GUMBEL (annual maxima)',
      'm',
    );
    expect(flags).toEqual([
      "The 100-year contour's highest Hs (7.27 m) is below the record maximum (8.07 m) and the 100-year " +
        'return value (9.27 m, GUMBEL (annual maxima)): the contour comes from the joint Hs–Tp model fitted ' +
        'to all sea states, the return value from the storm peaks. For the design Hs carry the 100-year ' +
        'return value, 9.27 m; read the contour for the Tp that goes with an Hs.',
    ]);
  });

  it('carries the record maximum when it is above a long return value; a 10-year contour meets its return value only', () => {
    const [flag] = contourFlags(
      [{ returnPeriod: 100, maxHs: 6 }],
      [{ returnPeriod: 100, value: 7 }],
      8.07,
      'G',
      'm',
    );
    expect(flag).toContain('carry at least the record maximum, 8.07 m');
    // an 11-year record may exceed the 10-year value: that contour is judged against its return value only
    const [ten] = contourFlags(
      [{ returnPeriod: 10, maxHs: 6 }],
      [{ returnPeriod: 10, value: 7 }],
      8.07,
      'G',
      'm',
    );
    expect(ten).toContain('is below the 10-year return value (7.00 m, G)');
    expect(ten).toContain('carry the 10-year return value, 7.00 m');
  });

  it('flags a month whose 50- and 100-year values are under its record maximum', () => {
    const flags = monthFlags(
      [
        {
          month: 12,
          returnValues: [
            { returnPeriod: 50, value: 6.9 },
            { returnPeriod: 100, value: 7.2 },
          ],
          recordMax: 7.5,
        },
        { month: 11, returnValues: [{ returnPeriod: 100, value: 8 }], recordMax: 7.9 },
      ],
      [{ returnPeriod: 100, value: 9.27 }],
      'm',
    );
    expect(flags).toEqual([
      "December: the 50-year (6.90 m) and 100-year (7.20 m) values are below December's record maximum " +
        '(7.50 m): the monthly fit rests on few storms and misses the tail. Carry the all-year 100-year ' +
        'value, 9.27 m.',
    ]);
  });
});
