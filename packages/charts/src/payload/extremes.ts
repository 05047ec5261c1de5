// Payloads of the extreme analyses (EXT, MAEXT, MIEXT, NOCYC, EXT_month, CUREXT, HEIEXT, EXT_direction), drawn by
// ../extremes.ts: each law's return values with bounds (spec 002 §3's per-law variants), the empirical
// points, the peaks, the fit parameters and goodness, and the method text of the analysis (core's
// extremeMethod, from the stored analysis's own settings).
import { MISSING_VALUE } from '@metocean/contracts';
import { INTERVAL_KINDS, directionalMethod, extremeMethod, type IntervalKind } from '@metocean/core';
import { sectorName } from '../common';
import { TIME_UNITS, infoOf, label, levelAxis, levelTypeOf, withUnits, type PayloadBuilder } from './context';
import { array, list, num, nums, obj, str, type Arrays, type Json, type Num } from './read';

/** The method text of a stored analysis (core's extremeMethod; a field it does not hold reads as -999 or ''). */
function methodOf(analysis: Json): string {
  return extremeMethod({
    method: str(analysis.method) === 'pot' ? 'pot' : 'annual-maxima',
    separationHours: num(obj(analysis.specParameters).independenceFactor),
    law: str(analysis.law),
    laws: lawsOf(analysis).map((l) => str(l.law)),
    interval: intervalOf(analysis),
    intervalScale: analysis.intervalScale === 'log' ? 'log' : 'linear',
    confidence: num(analysis.confidence),
  });
}

/** The interval kind of a stored analysis (one stored before issue 21 without it: the bootstrap's). */
function intervalOf(analysis: Json): IntervalKind {
  const kind = INTERVAL_KINDS.find((k) => k === analysis.interval);
  return kind ?? 'bootstrap';
}

/** The laws of one analysis: its `laws`, or the analysis itself when it was stored with one law only. */
function lawsOf(analysis: Json): Json[] {
  return Array.isArray(analysis.laws) ? list(analysis.laws) : [analysis];
}

/** Spec 002 §3 return-period variants: each law's values and bounds at the periods (-999 where none). */
function lawTable(analysis: Json, periods: Num[], key: 'value' | 'lower' | 'upper'): Num[][] {
  return lawsOf(analysis).map((law) => {
    const rows = list(law.returnValues);
    return periods.map((T) => {
      const row = rows.find((r) => num(r.returnPeriod) === T);
      return row ? num(row[key]) : MISSING_VALUE;
    });
  });
}

/** The arrays of one extreme analysis (one law): return values with bounds, empirical points, peaks. */
function extremeArrays(analysis: Json, units: string, longName: string): Arrays {
  const rows = list(analysis.returnValues);
  const empirical = list(analysis.empirical);
  const peaks = list(analysis.peaks);
  const periods = rows.map((r) => num(r.returnPeriod));
  const arrays: Arrays = {
    returnPeriod: array(periods, ['returnPeriod'], 'year', 'return period'),
    returnValue: array(
      rows.map((r) => num(r.value)),
      ['returnPeriod'],
      units,
      `${longName} return value`,
    ),
    returnValueLower: array(
      rows.map((r) => num(r.lower)),
      ['returnPeriod'],
      units,
      'lower bound',
    ),
    returnValueUpper: array(
      rows.map((r) => num(r.upper)),
      ['returnPeriod'],
      units,
      'upper bound',
    ),
    empiricalReturnPeriod: array(
      empirical.map((p) => num(p.returnPeriod)),
      ['sample'],
      'year',
      'empirical return period',
    ),
    empiricalValue: array(
      empirical.map((p) => num(p.value)),
      ['sample'],
      units,
      `${longName} (sample)`,
    ),
    law: array(
      lawsOf(analysis).map((l) => str(l.law)),
      ['law'],
      '1',
      'law',
    ),
    returnValues: array(
      lawTable(analysis, periods, 'value'),
      ['law', 'returnPeriod'],
      units,
      `${longName} return value by law`,
    ),
    returnValuesLower: array(
      lawTable(analysis, periods, 'lower'),
      ['law', 'returnPeriod'],
      units,
      'lower bound by law',
    ),
    returnValuesUpper: array(
      lawTable(analysis, periods, 'upper'),
      ['law', 'returnPeriod'],
      units,
      'upper bound by law',
    ),
    ignored: array(nums(analysis.ignored), ['outlier'], units, 'ignored outliers'),
    peakTime: array(
      peaks.map((p) => num(p.time)),
      ['peak'],
      TIME_UNITS,
      'time of the peak',
    ),
    peakValue: array(
      peaks.map((p) => num(p.value)),
      ['peak'],
      units,
      `${longName} peak`,
    ),
  };
  // Direction at each peak, added by the server from the point's record when the field has one (peak rose)
  if (Array.isArray(analysis.peakDirections))
    arrays.peakDirection = array(nums(analysis.peakDirections), ['peak'], 'degree', 'direction at the peak');
  return arrays;
}

/** Spec 002 fit parameters of one analysis (multivariateLaw: none, the analyses are univariate). */
function fitParameters(analysis: Json): Json {
  return { ...obj(analysis.specParameters), multivariateLaw: 'none' };
}

/** Per law: the reason its fit failed ('' when it did not) and its spec fit parameters (null when it failed). */
function lawKwargs(analysis: Json): {
  errors: string[];
  fitParameters: (Json | null)[];
  goodness: (Json | null)[];
} {
  const laws = lawsOf(analysis);
  const failed = (l: Json) => typeof l.error === 'string';
  return {
    errors: laws.map((l) => str(l.error)),
    fitParameters: laws.map((l) => (failed(l) ? null : fitParameters(l))),
    goodness: laws.map((l) => (failed(l) ? null : { nll: num(l.nll), aic: num(l.aic), ks: num(l.ks) })),
  };
}

function extremeKwargs(analysis: Json): Json {
  const laws = lawKwargs(analysis);
  return {
    method: methodOf(analysis),
    law: str(analysis.law),
    laws: lawsOf(analysis).map((l) => str(l.law)),
    lawErrors: laws.errors,
    lawFitParameters: laws.fitParameters,
    lawGoodness: laws.goodness,
    extremeMethod: str(analysis.method),
    minima: analysis.minima === true,
    confidence: num(analysis.confidence),
    interval: str(analysis.interval),
    intervalScale: str(analysis.intervalScale ?? 'linear'),
    threshold: analysis.threshold === null ? null : num(analysis.threshold),
    nPeaks: num(analysis.nPeaks),
    poissonLambda: num(analysis.poissonLambda),
    fitParameters: fitParameters(analysis),
    goodness: { nll: num(analysis.nll), aic: num(analysis.aic), ks: num(analysis.ks) },
    warnings: Array.isArray(analysis.warnings) ? analysis.warnings.map(str) : [],
    // the likelihood-ratio test of a short record and the law it made primary (null: no test was made)
    lawSelection:
      analysis.lawSelection && typeof analysis.lawSelection === 'object' ? analysis.lawSelection : null,
    ...(typeof analysis.peakDirectionField === 'string'
      ? { peakDirectionField: analysis.peakDirectionField }
      : {}),
  };
}

/** EXT, MAEXT, MIEXT, NOCYC: one analysis, every law of its method. */
export const extremePayload: PayloadBuilder = (result, { field }) => {
  const analysis = obj(result);
  return {
    arrays: extremeArrays(analysis, field.units, label(field)),
    kwargs: {
      xName: 'returnPeriod',
      yName: 'returnValue',
      xLabel: 'Return period (year)',
      yLabel: withUnits(field),
      ...extremeKwargs(analysis),
    },
  };
};

/** Rows of `rows` stacked on a first dimension, padded with -999 to one length (for nc/mat exports). */
export function padded(rows: Num[][]): Num[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => [...r, ...new Array<number>(width - r.length).fill(MISSING_VALUE)]);
}

/** EXT_month: the analysis of each calendar month, stacked on a month dimension (-999 where a month failed). */
export const monthlyExtremePayload: PayloadBuilder = (result, { field }) => {
  const months = list(result);
  const ok = months.find((m) => m.error === undefined) ?? {};
  const per = months.map((m) =>
    m.error === undefined ? extremeArrays(m, field.units, label(field)) : undefined,
  );
  const periods = nums(obj(ok).returnValues ? list(ok.returnValues).map((r) => r.returnPeriod) : []);
  const lawCount = lawsOf(ok).length;
  const stack = (key: string, pad = false): Num[][] => {
    const rows = per.map((a) =>
      a ? (a[key]!.values as Num[]) : new Array<number>(periods.length).fill(MISSING_VALUE),
    );
    return pad ? padded(rows) : rows;
  };
  // month × law × return period; a month that failed is -999 for every law
  const stackLaws = (key: string): Num[][][] =>
    per.map((a) =>
      a
        ? (a[key]!.values as Num[][])
        : Array.from({ length: lawCount }, () => new Array<number>(periods.length).fill(MISSING_VALUE)),
    );
  const lawNames = lawsOf(ok).map((l) => str(l.law));
  const perMonth = months.map((m) => (m.error === undefined ? lawKwargs(m) : undefined));
  const unitsOf = (key: string) => extremeArrays(ok, field.units, label(field))[key]!.attributes;
  const monthArray = (key: string, dims: string[], pad = false) => {
    const { units, longName } = unitsOf(key);
    return array(stack(key, pad), ['month', ...dims], units, longName);
  };
  return {
    arrays: {
      month: array(
        months.map((m) => num(m.month)),
        ['month'],
        '1',
        'calendar month',
      ),
      returnPeriod: array(periods, ['returnPeriod'], 'year', 'return period'),
      returnValue: monthArray('returnValue', ['returnPeriod']),
      returnValueLower: monthArray('returnValueLower', ['returnPeriod']),
      returnValueUpper: monthArray('returnValueUpper', ['returnPeriod']),
      law: array(lawNames, ['law'], '1', 'law'),
      returnValues: array(
        stackLaws('returnValues'),
        ['month', 'law', 'returnPeriod'],
        field.units,
        `${label(field)} return value by law`,
      ),
      returnValuesLower: array(
        stackLaws('returnValuesLower'),
        ['month', 'law', 'returnPeriod'],
        field.units,
        'lower bound by law',
      ),
      returnValuesUpper: array(
        stackLaws('returnValuesUpper'),
        ['month', 'law', 'returnPeriod'],
        field.units,
        'upper bound by law',
      ),
      empiricalReturnPeriod: monthArray('empiricalReturnPeriod', ['sample'], true),
      empiricalValue: monthArray('empiricalValue', ['sample'], true),
    },
    kwargs: {
      xName: 'returnPeriod',
      yName: 'returnValue',
      xLabel: 'Return period (year)',
      yLabel: withUnits(field),
      ...extremeKwargs(ok),
      monthErrors: months.map((m) => str(m.error)),
      // each month's own warnings (a short record of storms, the law the likelihood-ratio test chose)
      monthWarnings: months.map((m) =>
        m.error === undefined && Array.isArray(m.warnings) ? m.warnings.map(str) : [],
      ),
      monthFitParameters: months.map((m) => (m.error === undefined ? fitParameters(m) : null)),
      monthLawErrors: months.map((m, k) => perMonth[k]?.errors ?? lawNames.map(() => str(m.error))),
      monthLawFitParameters: months.map((_, k) => perMonth[k]?.fitParameters ?? lawNames.map(() => null)),
    },
  };
};

/**
 * CUREXT, HEIEXT and EXT_direction: the analysis of each level, water height component or direction sector
 * (with its storms and their rate; the last row every direction), as a table.
 */
export const extremeTablePayload: PayloadBuilder = (result, { id, target, fields }) => {
  const currents = id === 'CUREXT';
  const directional = id === 'EXT_direction';
  const rows = list(result);
  const analyses = rows.map((r) => (r.analysis ? obj(r.analysis) : undefined));
  const ok = analyses.find((a) => a !== undefined) ?? {};
  const periods = list(ok.returnValues).map((r) => num(r.returnPeriod));
  const unitsFields = rows.map((r) => infoOf(fields, currents ? str(r.field) : undefined));
  const units = directional
    ? infoOf(fields, target.field).units
    : currents
      ? (unitsFields[0]?.units ?? '')
      : (fields.find((x) => /water|level|surge|tide/i.test(`${x.field} ${x.longName}`))?.units ?? 'm');
  const table = (key: 'value' | 'lower' | 'upper'): Num[][] =>
    analyses.map((a) =>
      a ? list(a.returnValues).map((r) => num(r[key])) : periods.map(() => MISSING_VALUE),
    );
  const lawNames = lawsOf(ok).map((l) => str(l.law));
  // row × law × return period (a row that failed: -999 for every law)
  const byLaw = (key: 'value' | 'lower' | 'upper'): Num[][][] =>
    analyses.map((a) =>
      a ? lawTable(a, periods, key) : lawNames.map(() => periods.map(() => MISSING_VALUE)),
    );
  const rowDim = currents ? 'level' : directional ? 'sector' : 'component';
  const variable = target.variable ?? '';
  const levelType = unitsFields[0]?.levelType ?? levelTypeOf(variable);
  const levels = rows.map((r) => num(r.level));
  return {
    arrays: {
      [rowDim]: currents
        ? array(levels, ['level'], 'm', levelType)
        : directional
          ? array(
              rows.map((r) => sectorName(r.sector === null ? null : num(r.sector), num(r.width))),
              ['sector'],
              '1',
              'direction sector (coming from)',
            )
          : array(
              rows.map((r) => str(r.component)),
              ['component'],
              '1',
              'water height component',
            ),
      ...(directional
        ? {
            sectorCentre: array(
              rows.map((r) => (r.sector === null ? MISSING_VALUE : num(r.sector))),
              ['sector'],
              'degree',
              'sector centre, clockwise from north (-999: every direction)',
            ),
            events: array(
              rows.map((r) => num(r.events)),
              ['sector'],
              '1',
              'storm peaks in the sector',
            ),
            poissonLambda: array(
              rows.map((r) => num(r.poissonLambda)),
              ['sector'],
              'year-1',
              'storms per year of the whole record',
            ),
          }
        : {}),
      returnPeriod: array(periods, ['returnPeriod'], 'year', 'return period'),
      returnValue: array(table('value'), [rowDim, 'returnPeriod'], units, 'return value'),
      returnValueLower: array(table('lower'), [rowDim, 'returnPeriod'], units, 'lower bound'),
      returnValueUpper: array(table('upper'), [rowDim, 'returnPeriod'], units, 'upper bound'),
      law: array(lawNames, ['law'], '1', 'law'),
      returnValues: array(byLaw('value'), [rowDim, 'law', 'returnPeriod'], units, 'return value by law'),
      returnValuesLower: array(byLaw('lower'), [rowDim, 'law', 'returnPeriod'], units, 'lower bound by law'),
      returnValuesUpper: array(byLaw('upper'), [rowDim, 'law', 'returnPeriod'], units, 'upper bound by law'),
    },
    kwargs: {
      xName: 'returnPeriod',
      yName: rowDim,
      xLabel: 'Return period (year)',
      yLabel: currents ? levelAxis(levelType) : directional ? 'Sector' : 'Component',
      ...extremeKwargs(ok),
      // the directional extremes say how the storms were shared out among the sectors (the last row: all)
      ...(directional ? { method: `${methodOf(ok)}; ${directionalMethod(rows.length - 1)}` } : {}),
      units,
      rowErrors: rows.map((r) => (r.error === null || r.error === undefined ? '' : str(r.error))),
      rowFitParameters: analyses.map((a) => (a ? fitParameters(a) : null)),
      rowLawErrors: analyses.map((a, i) =>
        a ? lawKwargs(a).errors : lawNames.map(() => str(rows[i]?.error)),
      ),
      ...(currents ? { levels: { type: levelType, values: levels, units: 'm' } } : {}),
    },
  };
};
