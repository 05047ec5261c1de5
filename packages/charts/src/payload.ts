// From a stored result row to the visualisation payload of spec 002 §3: named arrays (values, dimensions,
// attributes {units, longName}) beside a kwargs block naming the axes, the dataset, the node, the
// synthetic-data notice and the method conventions (docs/methods/). The same payload feeds the chart
// option builders of this package, GET /api/projects/{id}/get_visu_data/ and the xlsx, mat and nc exports.
// Stored results are the engine's JSON (typed arrays as arrays, missing as -999); this only renames and
// reshapes them, it never recomputes a number.
import {
  MISSING_VALUE,
  statIdParts,
  type VisuArray,
  type VisuKwargs,
  type VisuPayload,
} from '@metocean/contracts';

export const TIME_UNITS = 'milliseconds since 1970-01-01 00:00:00';

/** What the payload needs to know of a field: the point's OVERVIEW row (core `overview`) has it all. */
export interface FieldInfo {
  field: string;
  variable: string;
  longName: string;
  units: string;
  level: number | null;
  levelType: 'depth' | 'altitude' | null;
  median?: number;
}

export interface ResultRow {
  statId: string;
  code: string;
  payload: Record<string, unknown>;
}

interface Target {
  field?: string;
  partner?: string;
  variable?: string;
}

type Num = number;
type Json = Record<string, unknown>;

const num = (v: unknown): Num => (typeof v === 'number' && Number.isFinite(v) ? v : MISSING_VALUE);
const nums = (v: unknown): Num[] => (Array.isArray(v) ? v.map(num) : []);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function array(
  values: VisuArray['values'],
  dimensions: string[],
  units: string,
  longName: string,
): VisuArray {
  return { values, dimensions, attributes: { units, longName } };
}

/** Statistic id of a stat id: `EPD_month__hs` -> `EPD_month`. */
export function statisticIdOf(statId: string): string {
  return statIdParts(statId).id;
}

/** The target of a stored row, or of its stat id (`id__field[__partner]`) when the payload has none. */
function targetOf(row: ResultRow): Target {
  const stored = obj(row.payload.target);
  const { id, subject, partner } = statIdParts(row.statId);
  if (Object.keys(stored).length > 0 || !subject) return stored;
  return id === 'MEANCOLSTD' || id === 'CUREXT'
    ? { variable: subject }
    : { field: subject, partner: partner || undefined };
}

/** Units and names of a field; the field name itself when the point's overview does not list it. */
function infoOf(fields: readonly FieldInfo[], name: string | undefined): FieldInfo {
  const found = name === undefined ? undefined : fields.find((f) => f.field === name);
  return (
    found ?? {
      field: name ?? '',
      variable: name ?? '',
      longName: name ?? '',
      units: '',
      level: null,
      levelType: null,
    }
  );
}

const label = (f: FieldInfo): string => {
  const name = f.longName || f.variable || f.field;
  const level = f.level === null ? '' : ` at ${f.level} m${f.levelType === 'depth' ? ' depth' : ''}`;
  return `${name}${level}`;
};
const withUnits = (f: FieldInfo): string => (f.units ? `${label(f)} (${f.units})` : label(f));

/** Spec 002: altitude when the variable name starts with WIN (any case), otherwise depth. */
export function levelTypeOf(variable: string): 'depth' | 'altitude' {
  return /^win/i.test(variable) ? 'altitude' : 'depth';
}

const PERCENTILES = 'percentiles: Hyndman–Fan type 7 (linear between order statistics, as numpy)';
const STD = 'standard deviation: sample (n − 1)';

function extremeMethod(analysis: Json): string {
  const method = str(analysis.method);
  const interval = str(analysis.interval);
  const confidence = num(analysis.confidence);
  const sample =
    method === 'pot'
      ? `peaks over threshold (clusters ${num(obj(analysis.specParameters).independenceFactor)} h apart)`
      : 'annual maxima (calendar years UTC; years with less than 50 % of their hours left out)';
  const ci =
    interval === 'delta'
      ? analysis.intervalScale === 'log'
        ? 'delta-method intervals on the log scale (positive bounds)'
        : 'delta-method intervals'
      : 'parametric bootstrap intervals (1,000 seeded resamples)';
  const laws = lawsOf(analysis).map((l) => LAW_LABELS[str(l.law)] ?? str(l.law));
  const primary = LAW_LABELS[str(analysis.law)] ?? str(analysis.law);
  const named = laws.length > 1 ? `laws ${laws.join(', ')} (primary ${primary})` : `law ${primary}`;
  return `${sample}; ${named} by maximum likelihood (GEV/GPD shape ξ in the Coles 2001 sign convention); ${ci} at ${Math.round(confidence * 100)} %; empirical return periods from the Weibull plotting position i/(n+1)`;
}

const METHODS: Record<string, string> = {
  TS: 'min/max-preserving downsampling to 1,000 buckets (every extreme kept; a gap breaks the line); the full series is in the exports',
  CTS: 'both variables min/max-downsampled over the same 1,000 buckets; the full series is in the exports',
  EPD: `histogram bins left-closed [eₖ, eₖ₊₁) from 0, bin width 0.5; exceedance P(X ≥ e), non-exceedance P(X < e); ${PERCENTILES}; ${STD}`,
  EPD_month: `per calendar month (UTC, all years pooled); ${STD}; median: Hyndman–Fan type 7`,
  APD: 'maximum likelihood on the positive values; goodness of fit: Kolmogorov–Smirnov sup|Fₙ − F| and AIC = 2k + 2·NLL; log-normal, gamma and Weibull-2 with location 0',
  EJPD: 'bins left-closed from 0, 0.5 wide; direction bins are the rose sectors, sector k covering [k·22.5° − 11.25°, k·22.5° + 11.25°) from north; pairs with a missing member left out; per mille of the pairs counted',
  DR: 'sector k covers [k·w − w/2, k·w + w/2) clockwise from north, directions "coming from"; classes [e_c, e_c+1), the last open above; % of the pairs counted',
  DR_month:
    'per calendar month (UTC); sector k covers [k·w − w/2, k·w + w/2) clockwise from north, directions "coming from"; classes [e_c, e_c+1), the last open above; % of the pairs counted',
  WW: 'a window of D hours starts at t when every hourly value in [t, t + D) exists and is strictly below the limit (default: the median); calm periods are maximal runs counted in the month they start; month 0 is the whole year',
  WD: `waiting time from each hour with data to the first window start (window as in WW, limit default: the median); starts without a later window are censored; ${PERCENTILES}`,
  MEANCOLSTD: `mean ± standard deviation per level; ${STD}`,
  EFT: 'every field at full resolution (no downsampling)',
  ENVC: 'joint model of DNV-RP-C205 (2010) §3.6.3: Hs 3-parameter Weibull by maximum likelihood; ln Tp given Hs normal with μ = a0 + a1·Hs^a2 and σ = b0 + b1·e^(b2·Hs), least squares on Hs classes of 0.5 m holding ≥ 50 pairs; IFORM contours (Winterstein et al. 1993): β = Φ⁻¹(1 − 1/N), N = T·8765.82 / sea-state hours; occurrence cells 0.25 m × 0.5 s',
};

const TITLES: Record<string, string> = {
  TS: 'Time series',
  CTS: 'Concomitant time series',
  EPD: 'Empirical probability distribution',
  EPD_month: 'Monthly statistics',
  APD: 'Analytical probability distributions',
  EJPD: 'Empirical joint probability distribution',
  DR: 'Distribution rose',
  DR_month: 'Monthly distribution roses',
  WW: 'Weather windows',
  WD: 'Weather downtime',
  MEANCOLSTD: 'Mean vertical profile',
  EXT: 'Extreme estimate',
  EXT_month: 'Monthly extreme estimate',
  MAEXT: 'Extreme estimate of maxima',
  MIEXT: 'Extreme estimate of minima',
  CUREXT: 'Extreme currents',
  HEIEXT: 'Extreme water heights',
  NOCYC: 'Non-cyclonic extreme estimate',
  EFT: 'All time series',
  ENVC: 'Environmental contours',
};

/** The name of a statistic id of the registry ('DR_month' -> 'Monthly distribution roses'). */
export function statisticTitle(id: string): string {
  return TITLES[id] ?? id;
}

type Arrays = Record<string, VisuArray>;

const LAW_LABELS: Record<string, string> = {
  gev: 'GEV',
  gumbel: 'Gumbel',
  gpd: 'GPD',
  exponential: 'exponential',
  weibull2: 'Weibull 2p',
  weibull3: 'Weibull 3p',
};

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
    method: extremeMethod(analysis),
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
    ...(typeof analysis.peakDirectionField === 'string'
      ? { peakDirectionField: analysis.peakDirectionField }
      : {}),
  };
}

/** Rows of `rows` stacked on a first dimension, padded with -999 to one length (for nc/mat exports). */
function padded(rows: Num[][]): Num[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => [...r, ...new Array<number>(width - r.length).fill(MISSING_VALUE)]);
}

interface Built {
  arrays: Arrays;
  kwargs: Json;
}

function build(id: string, result: unknown, target: Target, fields: readonly FieldInfo[]): Built {
  const f = infoOf(fields, target.field);
  const p = infoOf(fields, target.partner);
  const name = target.field ?? '';
  switch (id) {
    case 'TS': {
      const r = obj(result);
      return {
        arrays: {
          time: array(nums(r.time), ['time'], TIME_UNITS, 'time'),
          [name]: array(nums(r.values), ['time'], f.units, label(f)),
        },
        kwargs: { xName: 'time', yName: name, xLabel: 'Time (UTC)', yLabel: withUnits(f) },
      };
    }
    case 'CTS': {
      const r = obj(result);
      const left = obj(r.left);
      const right = obj(r.right);
      const partner = target.partner ?? '';
      return {
        arrays: {
          [`${name}_time`]: array(nums(left.time), [`${name}_time`], TIME_UNITS, 'time'),
          [name]: array(nums(left.values), [`${name}_time`], f.units, label(f)),
          [`${partner}_time`]: array(nums(right.time), [`${partner}_time`], TIME_UNITS, 'time'),
          [partner]: array(nums(right.values), [`${partner}_time`], p.units, label(p)),
        },
        kwargs: {
          xName: `${name}_time`,
          yName: name,
          y2Name: partner,
          x2Name: `${partner}_time`,
          xLabel: 'Time (UTC)',
          yLabel: withUnits(f),
          y2Label: withUnits(p),
          partner,
        },
      };
    }
    case 'EPD': {
      const r = obj(result);
      const quantiles = obj(r.quantiles);
      const percentiles = Object.keys(quantiles)
        .map(Number)
        .sort((a, b) => a - b);
      const describe = obj(r.describe);
      return {
        arrays: {
          edges: array(nums(r.edges), ['edge'], f.units, `${label(f)} bin edge`),
          counts: array(nums(r.counts), ['bin'], '1', 'number of values'),
          frequency: array(nums(r.frequencyPercent), ['bin'], '%', 'frequency'),
          density: array(nums(r.density), ['bin'], f.units ? `1/(${f.units})` : '1', 'probability density'),
          nonExceedance: array(nums(r.nonExceedancePercent), ['edge'], '%', 'non-exceedance probability'),
          exceedance: array(nums(r.exceedancePercent), ['edge'], '%', 'exceedance probability'),
          percentile: array(percentiles, ['percentile'], '%', 'percentile'),
          quantile: array(
            percentiles.map((q) => num(quantiles[String(q)])),
            ['percentile'],
            f.units,
            `${label(f)} quantile`,
          ),
        },
        kwargs: {
          xName: 'edges',
          yName: 'frequency',
          xLabel: withUnits(f),
          yLabel: 'Frequency (%)',
          count: num(r.count),
          statistics: {
            count: num(describe.count),
            mean: num(describe.mean),
            min: num(describe.min),
            max: num(describe.max),
            median: num(describe.median),
            std: num(describe.std),
          },
          units: f.units,
        },
      };
    }
    case 'EPD_month': {
      const rows = list(result);
      const column = (key: string, units: string, longName: string) =>
        array(
          rows.map((r) => num(r[key])),
          ['month'],
          units,
          longName,
        );
      return {
        arrays: {
          month: column('month', '1', 'calendar month'),
          count: column('count', '1', 'number of values'),
          mean: column('mean', f.units, `mean ${label(f)}`),
          min: column('min', f.units, `minimum ${label(f)}`),
          max: column('max', f.units, `maximum ${label(f)}`),
          median: column('median', f.units, `median ${label(f)}`),
          std: column('std', f.units, `standard deviation of ${label(f)}`),
        },
        kwargs: { xName: 'month', yName: 'mean', xLabel: 'Month', yLabel: withUnits(f) },
      };
    }
    case 'APD': {
      const fits = list(result);
      const parameter = (key: 'location' | 'scale' | 'shape', units: string) =>
        array(
          fits.map((fit) => num(obj(fit.parameters)[key])),
          ['law'],
          units,
          `${key} parameter`,
        );
      return {
        arrays: {
          law: array(
            fits.map((fit) => str(fit.law)),
            ['law'],
            '1',
            'law',
          ),
          location: parameter('location', f.units),
          scale: parameter('scale', f.units),
          shape: parameter('shape', '1'),
          nll: array(
            fits.map((fit) => num(fit.nll)),
            ['law'],
            '1',
            'negative log-likelihood',
          ),
          aic: array(
            fits.map((fit) => num(fit.aic)),
            ['law'],
            '1',
            'Akaike information criterion',
          ),
          ks: array(
            fits.map((fit) => num(fit.ks)),
            ['law'],
            '1',
            'Kolmogorov–Smirnov statistic',
          ),
        },
        kwargs: { xLabel: withUnits(f), yLabel: 'Probability density', units: f.units },
      };
    }
    case 'EJPD': {
      const r = obj(result);
      const matrix = (v: unknown): Num[][] => (Array.isArray(v) ? v.map(nums) : []);
      const yEdges = nums(r.yEdges);
      // direction sectors centred on north: edges from −w/2 to 360 − w/2 (results stored before start at 0)
      const sectors =
        yEdges.length > 1 && yEdges[0]! < 0 && Math.abs(yEdges.at(-1)! - yEdges[0]! - 360) < 1e-9;
      const centres = sectors ? yEdges.slice(0, -1).map((e, j) => (e + yEdges[j + 1]!) / 2) : [];
      return {
        arrays: {
          xEdges: array(nums(r.xEdges), ['xEdge'], f.units, `${label(f)} bin edge`),
          yEdges: array(nums(r.yEdges), ['yEdge'], p.units, `${label(p)} bin edge`),
          counts: array(matrix(r.counts), ['x', 'y'], '1', 'number of pairs'),
          perMille: array(matrix(r.perMille), ['x', 'y'], '‰', 'joint probability'),
          xMarginal: array(nums(r.xMarginal), ['x'], '1', `pairs per ${label(f)} bin`),
          yMarginal: array(nums(r.yMarginal), ['y'], '1', `pairs per ${label(p)} bin`),
          ...(sectors
            ? { ySector: array(centres, ['y'], p.units, `${label(p)} sector centre (from north)`) }
            : {}),
        },
        kwargs: {
          xName: 'xEdges',
          yName: 'yEdges',
          xLabel: withUnits(f),
          yLabel: withUnits(p),
          partner: target.partner,
          count: num(r.count),
          ySectors: sectors,
        },
      };
    }
    case 'DR':
    case 'DR_month': {
      const monthly = id === 'DR_month';
      const roses = monthly ? list(result) : [obj(result)];
      const first = roses[0] ?? {};
      const percent = roses.map((r) => (Array.isArray(r.percent) ? r.percent.map(nums) : []));
      const arrays: Arrays = {
        sectors: array(nums(first.sectors), ['sector'], 'degree', `${label(p)} sector centre (from north)`),
        edges: array(nums(first.edges), ['class'], f.units, `${label(f)} class lower edge`),
        percent: monthly
          ? array(percent, ['month', 'sector', 'class'], '%', 'frequency')
          : array(percent[0] ?? [], ['sector', 'class'], '%', 'frequency'),
      };
      if (monthly) {
        arrays.month = array(
          roses.map((r) => num(r.month)),
          ['month'],
          '1',
          'calendar month',
        );
        arrays.count = array(
          roses.map((r) => num(r.count)),
          ['month'],
          '1',
          'number of pairs',
        );
      }
      return {
        arrays,
        kwargs: {
          xName: 'sectors',
          yName: 'percent',
          xLabel: withUnits(p),
          yLabel: withUnits(f),
          partner: target.partner,
          count: monthly ? roses.reduce((s, r) => s + num(r.count), 0) : num(first.count),
        },
      };
    }
    case 'WW':
    case 'WD': {
      // Months 1-12 on the month dimension (the exports' zero-based month picks one); the whole year
      // (the engine's month 0) in the `…Annual` arrays, by duration.
      const perDuration: Json[][] =
        id === 'WD'
          ? Array.isArray(result)
            ? result.map(list)
            : []
          : groupBy(list(result), (r) => num(r.durationHours));
      const durations = perDuration.map((rows) => num(rows[0]?.durationHours));
      const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
      const at = (rows: Json[], month: number) => rows.find((r) => r.month === month) ?? {};
      const arrays: Arrays = {
        duration: array(
          durations,
          ['duration'],
          'hour',
          id === 'WW' ? 'window duration' : 'operation duration',
        ),
        month: array(months, ['month'], '1', 'calendar month'),
      };
      const add = (
        name: string,
        pick: (r: Json) => VisuArray['values'][number],
        units: string,
        longName: string,
        extra: string[] = [],
      ) => {
        arrays[name] = array(
          perDuration.map((rows) => months.map((m) => pick(at(rows, m)))),
          ['duration', 'month', ...extra],
          units,
          longName,
        );
        arrays[`${name}Annual`] = array(
          perDuration.map((rows) => pick(at(rows, 0))),
          ['duration', ...extra],
          units,
          `${longName}, whole year`,
        );
      };
      const limit = {
        limit: f.median ?? null,
        limitLabel: `${label(f)} < ${f.median === undefined ? 'median' : `${round(f.median)} ${f.units}`}`,
      };
      if (id === 'WW') {
        add('probability', (r) => num(r.probability), '%', 'probability that a window starts');
        add('meanCalmPeriods', (r) => num(r.meanCalmPeriods), '1', 'calm periods per year');
        add('meanCalmLength', (r) => num(r.meanCalmLengthHours), 'hour', 'mean calm length');
        add('hoursWithData', (r) => num(r.hoursWithData), 'hour', 'hours with data');
        return {
          arrays,
          kwargs: {
            xName: 'month',
            yName: 'probability',
            xLabel: 'Month',
            yLabel: 'Probability (%)',
            ...limit,
          },
        };
      }
      const percentiles = Object.keys(obj(perDuration[0]?.[0]?.waitPercentilesHours))
        .map(Number)
        .sort((a, b) => a - b);
      arrays.percentile = array(percentiles, ['percentile'], '%', 'percentile');
      add('meanWait', (r) => num(r.meanWaitHours), 'hour', 'mean waiting time');
      add(
        'waitPercentile',
        (r) => percentiles.map((q) => num(obj(r.waitPercentilesHours)[String(q)])),
        'hour',
        'waiting time percentile',
        ['percentile'],
      );
      add('meanTotal', (r) => num(r.meanTotalHours), 'hour', 'mean total duration');
      add('starts', (r) => num(r.starts), '1', 'start times considered');
      add('censored', (r) => num(r.censored), '1', 'starts without a later window');
      return {
        arrays,
        kwargs: {
          xName: 'month',
          yName: 'meanWait',
          xLabel: 'Month',
          yLabel: 'Waiting time (hour)',
          ...limit,
        },
      };
    }
    case 'MEANCOLSTD': {
      const rows = list(result);
      const variable = target.variable ?? '';
      const v = infoOf(fields, str(rows[0]?.field));
      const levelType = v.levelType ?? levelTypeOf(variable);
      const levels = rows.map((r) => num(r.level));
      const named = { ...v, level: null };
      return {
        arrays: {
          level: array(levels, ['level'], 'm', levelType),
          mean: array(
            rows.map((r) => num(r.mean)),
            ['level'],
            v.units,
            `mean ${label(named)}`,
          ),
          std: array(
            rows.map((r) => num(r.std)),
            ['level'],
            v.units,
            `standard deviation of ${label(named)}`,
          ),
          count: array(
            rows.map((r) => num(r.count)),
            ['level'],
            '1',
            'number of values',
          ),
        },
        kwargs: {
          xName: 'mean',
          yName: 'level',
          xLabel: withUnits(named),
          yLabel: `${levelType === 'depth' ? 'Depth' : 'Altitude'} (m)`,
          levels: { type: levelType, values: levels, units: 'm' },
        },
      };
    }
    case 'EXT':
    case 'MAEXT':
    case 'MIEXT':
    case 'NOCYC': {
      const analysis = obj(result);
      return {
        arrays: extremeArrays(analysis, f.units, label(f)),
        kwargs: {
          xName: 'returnPeriod',
          yName: 'returnValue',
          xLabel: 'Return period (year)',
          yLabel: withUnits(f),
          ...extremeKwargs(analysis),
        },
      };
    }
    case 'EXT_month': {
      const months = list(result);
      const ok = months.find((m) => m.error === undefined) ?? {};
      const per = months.map((m) =>
        m.error === undefined ? extremeArrays(m, f.units, label(f)) : undefined,
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
      const unitsOf = (key: string) => extremeArrays(ok, f.units, label(f))[key]!.attributes;
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
            f.units,
            `${label(f)} return value by law`,
          ),
          returnValuesLower: array(
            stackLaws('returnValuesLower'),
            ['month', 'law', 'returnPeriod'],
            f.units,
            'lower bound by law',
          ),
          returnValuesUpper: array(
            stackLaws('returnValuesUpper'),
            ['month', 'law', 'returnPeriod'],
            f.units,
            'upper bound by law',
          ),
          empiricalReturnPeriod: monthArray('empiricalReturnPeriod', ['sample'], true),
          empiricalValue: monthArray('empiricalValue', ['sample'], true),
        },
        kwargs: {
          xName: 'returnPeriod',
          yName: 'returnValue',
          xLabel: 'Return period (year)',
          yLabel: withUnits(f),
          ...extremeKwargs(ok),
          monthErrors: months.map((m) => str(m.error)),
          monthFitParameters: months.map((m) => (m.error === undefined ? fitParameters(m) : null)),
          monthLawErrors: months.map((m, k) => perMonth[k]?.errors ?? lawNames.map(() => str(m.error))),
          monthLawFitParameters: months.map((_, k) => perMonth[k]?.fitParameters ?? lawNames.map(() => null)),
        },
      };
    }
    case 'CUREXT':
    case 'HEIEXT': {
      const currents = id === 'CUREXT';
      const rows = list(result);
      const analyses = rows.map((r) => (r.analysis ? obj(r.analysis) : undefined));
      const ok = analyses.find((a) => a !== undefined) ?? {};
      const periods = list(ok.returnValues).map((r) => num(r.returnPeriod));
      const unitsFields = rows.map((r) => infoOf(fields, currents ? str(r.field) : undefined));
      const units = currents
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
      const rowDim = currents ? 'level' : 'component';
      const variable = target.variable ?? '';
      const levelType = unitsFields[0]?.levelType ?? levelTypeOf(variable);
      const levels = rows.map((r) => num(r.level));
      return {
        arrays: {
          [rowDim]: currents
            ? array(levels, ['level'], 'm', levelType)
            : array(
                rows.map((r) => str(r.component)),
                ['component'],
                '1',
                'water height component',
              ),
          returnPeriod: array(periods, ['returnPeriod'], 'year', 'return period'),
          returnValue: array(table('value'), [rowDim, 'returnPeriod'], units, 'return value'),
          returnValueLower: array(table('lower'), [rowDim, 'returnPeriod'], units, 'lower bound'),
          returnValueUpper: array(table('upper'), [rowDim, 'returnPeriod'], units, 'upper bound'),
          law: array(lawNames, ['law'], '1', 'law'),
          returnValues: array(byLaw('value'), [rowDim, 'law', 'returnPeriod'], units, 'return value by law'),
          returnValuesLower: array(
            byLaw('lower'),
            [rowDim, 'law', 'returnPeriod'],
            units,
            'lower bound by law',
          ),
          returnValuesUpper: array(
            byLaw('upper'),
            [rowDim, 'law', 'returnPeriod'],
            units,
            'upper bound by law',
          ),
        },
        kwargs: {
          xName: 'returnPeriod',
          yName: rowDim,
          xLabel: 'Return period (year)',
          yLabel: currents ? `${levelType === 'depth' ? 'Depth' : 'Altitude'} (m)` : 'Component',
          ...extremeKwargs(ok),
          units,
          rowErrors: rows.map((r) => (r.error === null || r.error === undefined ? '' : str(r.error))),
          rowFitParameters: analyses.map((a) => (a ? fitParameters(a) : null)),
          rowLawErrors: analyses.map((a, i) =>
            a ? lawKwargs(a).errors : lawNames.map(() => str(rows[i]?.error)),
          ),
          ...(currents ? { levels: { type: levelType, values: levels, units: 'm' } } : {}),
        },
      };
    }
    case 'ENVC': {
      const r = obj(result);
      const contours = list(r.contours);
      const density = obj(r.density);
      const model = obj(r.model);
      const hsLaw = obj(model.hs);
      const bins = list(model.bins);
      const onContour = (key: 'hs' | 'tp') => contours.map((c) => list(c.points).map((pt) => num(pt[key])));
      const column = (key: string, units: string, longName: string) =>
        array(
          bins.map((b) => num(b[key])),
          ['hsClass'],
          units,
          longName,
        );
      return {
        arrays: {
          returnPeriod: array(
            contours.map((c) => num(c.returnPeriod)),
            ['returnPeriod'],
            'year',
            'return period',
          ),
          beta: array(
            contours.map((c) => num(c.beta)),
            ['returnPeriod'],
            '1',
            'reliability index β (contour radius in standard normal space)',
          ),
          contourHs: array(
            onContour('hs'),
            ['returnPeriod', 'contourPoint'],
            f.units,
            `${label(f)} on the contour`,
          ),
          contourTp: array(
            onContour('tp'),
            ['returnPeriod', 'contourPoint'],
            p.units,
            `${label(p)} on the contour`,
          ),
          tpEdges: array(nums(density.tpEdges), ['tpEdge'], p.units, `${label(p)} cell edge`),
          hsEdges: array(nums(density.hsEdges), ['hsEdge'], f.units, `${label(f)} cell edge`),
          counts: array(
            Array.isArray(density.counts) ? density.counts.map(nums) : [],
            ['tpCell', 'hsCell'],
            '1',
            'number of sea states',
          ),
          classHs: column('hs', f.units, `mean ${label(f)} of the class`),
          classMu: column('mu', '1', `mean of ln ${label(p)} in the class`),
          classSigma: column('sigma', '1', `standard deviation of ln ${label(p)} in the class`),
          classCount: column('count', '1', 'pairs in the class'),
        },
        kwargs: {
          xName: 'contourTp',
          yName: 'contourHs',
          xLabel: withUnits(p),
          yLabel: withUnits(f),
          partner: target.partner,
          seaStateHours: num(r.seaStateHours),
          pairs: num(density.pairs),
          model: {
            hsLaw: 'weibull3',
            hsLocation: num(hsLaw.location),
            hsScale: num(hsLaw.scale),
            hsShape: num(hsLaw.shape),
            a: nums(model.a),
            b: nums(model.b),
          },
        },
      };
    }
    case 'EFT': {
      const r = obj(result);
      const arrays: Arrays = { time: array(nums(r.time), ['time'], TIME_UNITS, 'time') };
      for (const field of list(r.fields)) {
        const info = infoOf(fields, str(field.name));
        arrays[str(field.name)] = array(
          nums(field.values),
          ['time'],
          str(field.units) || info.units,
          label(info),
        );
      }
      return { arrays, kwargs: { xName: 'time', xLabel: 'Time (UTC)' } };
    }
    default:
      throw new RangeError(`visuPayloadOf: unknown statistic "${id}"`);
  }
}

function groupBy(rows: Json[], key: (r: Json) => number): Json[][] {
  const groups = new Map<number, Json[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups.values()];
}

function round(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/**
 * The visualisation payload of a stored result row (spec 002 §3). `fields` are the point's variables
 * (the OVERVIEW row's table), which give units, long names and levels; without them the field names stand in.
 * A stored error becomes `kwargs.error` with no arrays.
 */
export function visuPayloadOf(row: ResultRow, fields: readonly FieldInfo[] = []): VisuPayload {
  const id = statisticIdOf(row.statId);
  const target = targetOf(row);
  const dataset = obj(row.payload.dataset);
  const node = obj(row.payload.node);
  // a variable with levels (MEANCOLSTD, CUREXT) is named by any of its levels' fields
  const main = target.variable
    ? (fields.find((f) => f.variable === target.variable) ?? infoOf(fields, target.variable))
    : infoOf(fields, target.field);
  const synthetic = dataset.synthetic === true;
  const notes = str(dataset.notes);
  const about = target.variable
    ? label({ ...main, longName: main.longName || target.variable, level: null })
    : target.partner
      ? `${label(main)} and ${label(infoOf(fields, target.partner))}`
      : target.field
        ? label(main)
        : '';
  const kwargs: VisuKwargs = {
    statId: row.statId,
    code: row.code as VisuKwargs['code'],
    periodicity: /month/i.test(id) ? 'monthly' : 'annual',
    title: about ? `${TITLES[id] ?? id} of ${about}` : (TITLES[id] ?? id),
    /** The statistic's name and what it is about, for chart titles that must stay short. */
    name: TITLES[id] ?? id,
    subject: about,
    variable: target.variable ?? main.variable ?? target.field,
    level: target.variable ? null : main.level,
    dataset: str(dataset.name),
    method: METHODS[id] ?? '',
  };
  if (Object.keys(node).length > 0)
    kwargs.node = { lat: num(node.lat), lon: num(node.lon), distanceKm: num(node.distanceKm) };
  if (synthetic) kwargs.notice = (notes.split(';')[0] ?? notes).trim() || 'synthetic demo data';
  if (main.level !== null && !target.variable) {
    kwargs.levels = {
      type: main.levelType ?? levelTypeOf(main.variable),
      values: fields
        .filter((x) => x.variable === main.variable && x.level !== null)
        .map((x) => x.level!)
        .sort((a, b) => a - b),
      units: 'm',
    };
  }
  if (typeof row.payload.error === 'string') return payloadFrom({ ...kwargs, error: row.payload.error }, {});
  const { arrays, kwargs: own } = build(id, row.payload.result, target, fields);
  return payloadFrom({ ...kwargs, ...own }, arrays);
}

/** zod infers kwargs and the catchall arrays as one index signature: TypeScript needs the cast. */
function payloadFrom(kwargs: VisuKwargs, arrays: Arrays): VisuPayload {
  return { ...arrays, kwargs } as unknown as VisuPayload;
}
