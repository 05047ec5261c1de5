// Payloads of the distributions (EPD, EPD_month, APD, EJPD, DR, DR_month) and the vertical profile
// (MEANCOLSTD), drawn by ../distributions.ts.
import { infoOf, label, levelAxis, levelTypeOf, withUnits, type PayloadBuilder } from './context';
import { array, list, nums, num, obj, str, type Arrays, type Num } from './read';

/** EPD: histogram, exceedance and non-exceedance curves, quantiles and the descriptive statistics. */
export const empiricalDistributionPayload: PayloadBuilder = (result, { field }) => {
  const r = obj(result);
  const quantiles = obj(r.quantiles);
  const percentiles = Object.keys(quantiles)
    .map(Number)
    .sort((a, b) => a - b);
  const describe = obj(r.describe);
  return {
    arrays: {
      edges: array(nums(r.edges), ['edge'], field.units, `${label(field)} bin edge`),
      counts: array(nums(r.counts), ['bin'], '1', 'number of values'),
      frequency: array(nums(r.frequencyPercent), ['bin'], '%', 'frequency'),
      density: array(
        nums(r.density),
        ['bin'],
        field.units ? `1/(${field.units})` : '1',
        'probability density',
      ),
      nonExceedance: array(nums(r.nonExceedancePercent), ['edge'], '%', 'non-exceedance probability'),
      exceedance: array(nums(r.exceedancePercent), ['edge'], '%', 'exceedance probability'),
      percentile: array(percentiles, ['percentile'], '%', 'percentile'),
      quantile: array(
        percentiles.map((q) => num(quantiles[String(q)])),
        ['percentile'],
        field.units,
        `${label(field)} quantile`,
      ),
    },
    kwargs: {
      xName: 'edges',
      yName: 'frequency',
      xLabel: withUnits(field),
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
      units: field.units,
    },
  };
};

/** EPD_month: count, mean, min, max, median and std per calendar month. */
export const monthlyStatisticsPayload: PayloadBuilder = (result, { field }) => {
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
      mean: column('mean', field.units, `mean ${label(field)}`),
      min: column('min', field.units, `minimum ${label(field)}`),
      max: column('max', field.units, `maximum ${label(field)}`),
      median: column('median', field.units, `median ${label(field)}`),
      std: column('std', field.units, `standard deviation of ${label(field)}`),
    },
    kwargs: { xName: 'month', yName: 'mean', xLabel: 'Month', yLabel: withUnits(field) },
  };
};

/** APD: the parameters and goodness of fit of each law (the curves are drawn over the EPD histogram). */
export const analyticalPayload: PayloadBuilder = (result, { field }) => {
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
      location: parameter('location', field.units),
      scale: parameter('scale', field.units),
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
    kwargs: { xLabel: withUnits(field), yLabel: 'Probability density', units: field.units },
  };
};

/** EJPD: the joint table in counts and per mille, with its marginals and, for a direction, its sectors. */
export const jointPayload: PayloadBuilder = (result, { field, partner, target }) => {
  const r = obj(result);
  const matrix = (v: unknown): Num[][] => (Array.isArray(v) ? v.map(nums) : []);
  const yEdges = nums(r.yEdges);
  // direction sectors centred on north: edges from −w/2 to 360 − w/2 (results stored before start at 0)
  const sectors = yEdges.length > 1 && yEdges[0]! < 0 && Math.abs(yEdges.at(-1)! - yEdges[0]! - 360) < 1e-9;
  const centres = sectors ? yEdges.slice(0, -1).map((e, j) => (e + yEdges[j + 1]!) / 2) : [];
  return {
    arrays: {
      xEdges: array(nums(r.xEdges), ['xEdge'], field.units, `${label(field)} bin edge`),
      yEdges: array(nums(r.yEdges), ['yEdge'], partner.units, `${label(partner)} bin edge`),
      counts: array(matrix(r.counts), ['x', 'y'], '1', 'number of pairs'),
      perMille: array(matrix(r.perMille), ['x', 'y'], '‰', 'joint probability'),
      xMarginal: array(nums(r.xMarginal), ['x'], '1', `pairs per ${label(field)} bin`),
      yMarginal: array(nums(r.yMarginal), ['y'], '1', `pairs per ${label(partner)} bin`),
      ...(sectors
        ? { ySector: array(centres, ['y'], partner.units, `${label(partner)} sector centre (from north)`) }
        : {}),
    },
    kwargs: {
      xName: 'xEdges',
      yName: 'yEdges',
      xLabel: withUnits(field),
      yLabel: withUnits(partner),
      partner: target.partner,
      count: num(r.count),
      ySectors: sectors,
    },
  };
};

/** DR and DR_month: % of the pairs per direction sector and magnitude class (per month for DR_month). */
export const rosePayload: PayloadBuilder = (result, { id, field, partner, target }) => {
  const monthly = id === 'DR_month';
  const roses = monthly ? list(result) : [obj(result)];
  const first = roses[0] ?? {};
  const percent = roses.map((r) => (Array.isArray(r.percent) ? r.percent.map(nums) : []));
  const arrays: Arrays = {
    sectors: array(nums(first.sectors), ['sector'], 'degree', `${label(partner)} sector centre (from north)`),
    edges: array(nums(first.edges), ['class'], field.units, `${label(field)} class lower edge`),
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
      xLabel: withUnits(partner),
      yLabel: withUnits(field),
      partner: target.partner,
      count: monthly ? roses.reduce((s, r) => s + num(r.count), 0) : num(first.count),
    },
  };
};

/** MEANCOLSTD: mean and standard deviation per level of a variable. */
export const profilePayload: PayloadBuilder = (result, { target, fields }) => {
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
      yLabel: levelAxis(levelType),
      levels: { type: levelType, values: levels, units: 'm' },
    },
  };
};
