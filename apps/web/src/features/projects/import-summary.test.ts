import { describe, expect, it } from 'vitest';
import { importSummary, POINT_FILE_ACCEPT } from './import-summary';

describe('importSummary', () => {
  it('counts the points added and says why each row was skipped', () => {
    expect(importSummary(3, [])).toBe('3 points added.');
    expect(importSummary(1, [])).toBe('1 point added.');
    expect(
      importSummary(2, [
        { row: 4, message: "lat is not a number: 'x'" },
        { row: 7, message: 'A point with this name already exists' },
      ]),
    ).toBe(
      "2 points added. 2 rows skipped: row 4: lat is not a number: 'x'; row 7: A point with this name already exists.",
    );
  });

  it('counts a row with two problems once, lists five reasons and counts the rest', () => {
    const errors = Array.from({ length: 7 }, (_, i) => ({ row: i + 2, message: 'outside the zone' }));
    const text = importSummary(
      0,
      [...errors, { row: 2, message: 'too far north' }],
      [{ name: 'P1', message: 'already in the list' }],
    );
    expect(text).toMatch(/^0 points added\. 8 rows skipped: row 2: outside the zone; /);
    expect(text.endsWith('; and 4 more.')).toBe(true);
  });

  it('offers every format the server reads', () => {
    expect(POINT_FILE_ACCEPT.split(',').sort()).toEqual(
      ['.csv', '.geojson', '.json', '.kml', '.kmz', '.txt', '.xlsx', '.zip'].sort(),
    );
  });
});
