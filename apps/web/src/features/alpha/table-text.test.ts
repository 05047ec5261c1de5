import { describe, expect, it } from 'vitest';
import { OS_H101_2011_T4_1 } from '@metocean/core';
import { gridText, tableFromForm } from './table-text';

describe('the settings page grid of an alpha table', () => {
  it('writes DNV-OS-H101 Table 4-1 as text and reads it back unchanged', () => {
    const grid = gridText(OS_H101_2011_T4_1);
    expect(grid.split('\n')[0]).toBe('tpop_hours,1,2,4,6');
    expect(grid.split('\n')[1]).toBe('12,0.65,0.76,0.79,0.8');
    const read = tableFromForm({ name: 'Copy', source: 'DNV', parameter: 'hs', grid });
    expect(read).toEqual({
      table: {
        name: 'Copy',
        source: 'DNV',
        parameter: 'hs',
        tpopHours: [12, 24, 36, 48, 72],
        limits: [1, 2, 4, 6],
        values: OS_H101_2011_T4_1.values.map((r) => [...r]),
      },
    });
  });

  it('names the problems instead of saving a wrong table', () => {
    expect(
      tableFromForm({ name: 'A', source: 'B', parameter: 'hs', grid: 'tpop_hours,1,2\n12,0.6,1.4' }),
    ).toEqual({
      problems: 'α at TPOP 12 h, limit 2: 1.4 is not in (0, 1]',
    });
    expect(tableFromForm({ name: '', source: 'B', parameter: 'hs', grid: 'tpop_hours,1\n12,0.6' })).toEqual({
      problems: 'the table needs a name',
    });
  });
});
