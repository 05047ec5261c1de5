import { describe, expect, it } from 'vitest';
import {
  chooseField,
  choosePoint,
  chooseType,
  chooseVariable,
  companionsOf,
  fieldChoices,
  parseStat,
  resolve,
  splitField,
  typeChoices,
  variableChoices,
  type Selection,
} from './selection';

const ids = [
  'TS__hs',
  'EPD__hs',
  'EJPD__hs__dp',
  'DR__hs__dp',
  'DR_month__hs__dp',
  'CTS__hs__dp',
  'CTS__hs__tp',
  'TS__wind_speed_10m',
  'TS__wind_speed_100m',
  'EXT__wind_speed_100m',
  'EXT__wind_speed_10m',
  'MEANCOLSTD__current_speed',
  'HEIEXT',
];
const entries = [1, 2].flatMap((pointId) => ids.map((statId) => parseStat({ pointId, statId, code: '' })));

describe('Analyze selection', () => {
  it('reads the variable and level out of the stat id', () => {
    expect(splitField('wind_speed_100m')).toEqual({ variable: 'wind_speed', level: 100 });
    expect(splitField('hs')).toEqual({ variable: 'hs', level: null });
    expect(parseStat({ pointId: 1, statId: 'DR_month__hs__dp', code: 'DR' })).toMatchObject({
      id: 'DR_month',
      field: 'hs',
      partner: 'dp',
    });
    expect(parseStat({ pointId: 1, statId: 'MEANCOLSTD__current_speed', code: 'MEANCOLSTD' }).variable).toBe(
      'current_speed',
    );
    expect(parseStat({ pointId: 1, statId: 'HEIEXT', code: 'HEIEXT' }).variable).toBe('water heights');
  });

  it('choosing a field clears type and variable; the same again deselects', () => {
    let s: Selection = choosePoint({}, 1);
    expect(fieldChoices(entries, s)).toEqual(['hs', 'wind_speed', 'current_speed', 'water heights']);
    s = chooseField(s, 'hs');
    s = chooseType(s, 'CTS', entries);
    expect(s.partner).toBeUndefined(); // two partners: nothing auto-selected
    s = chooseField(s, 'wind_speed');
    expect(s).toEqual({ pointId: 1, variable: 'wind_speed' });
    expect(chooseField(s, 'wind_speed')).toEqual({ pointId: 1 });
    expect(choosePoint(s, 1)).toEqual({});
  });

  it('choosing a type auto-selects a lone variable, and resolves one stat id per level', () => {
    let s: Selection = chooseField(choosePoint({}, 2), 'wind_speed');
    expect(typeChoices(entries, s)).toEqual(['TS', 'EXT']);
    s = chooseType(s, 'EXT', entries);
    expect(s.partner).toBe('');
    expect(resolve(entries, s).map((e) => e.statId)).toEqual(['EXT__wind_speed_10m', 'EXT__wind_speed_100m']);
    expect(resolve(entries, s).every((e) => e.pointId === 2)).toBe(true);
    // same type again: deselected, variable cleared
    expect(chooseType(s, 'EXT', entries)).toEqual({ pointId: 2, variable: 'wind_speed' });
  });

  it('a type with several variables waits for one; the same variable again deselects it', () => {
    let s: Selection = chooseType(chooseField(choosePoint({}, 1), 'hs'), 'CTS', entries);
    expect(variableChoices(entries, s)).toEqual(['dp', 'tp']);
    expect(resolve(entries, s)).toEqual([]);
    s = chooseVariable(s, 'tp');
    expect(resolve(entries, s).map((e) => e.statId)).toEqual(['CTS__hs__tp']);
    expect(chooseVariable(s, 'tp').partner).toBeUndefined();
  });

  it('the rose loads the annual and monthly roses, the histogram and the joint table it filters', () => {
    const rose = entries.find((e) => e.pointId === 1 && e.statId === 'DR__hs__dp')!;
    expect(companionsOf(rose, entries).map((e) => e.statId)).toEqual([
      'DR_month__hs__dp',
      'EPD__hs',
      'EJPD__hs__dp',
    ]);
  });

  it("the contours load their wave height's extremes, for the Hs side by side (issue 21)", () => {
    const own = ['ENVC__hs__tp', 'EXT__hs', 'EXT__tp', 'EXT_month__hs'].map((statId) =>
      parseStat({ pointId: 1, statId, code: '' }),
    );
    const contours = own[0]!;
    expect(companionsOf(contours, own).map((e) => e.statId)).toEqual(['EXT__hs']);
  });
});
