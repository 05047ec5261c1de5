// The words of the data validation page: the four tutorial steps, the parameters text and the definitions of
// the comparison's variables and metrics (spec 002 §9 names), in one place for the page and its modal.
import { variableLabel } from '@metocean/contracts';

/** A dataset dimension's kind in words (the dataset cards, the datasource summary, the catalogue). */
export const KIND_NAMES: Record<string, string> = {
  wave: 'waves',
  wind: 'wind',
  current: 'currents',
  waterLevel: 'water level',
  hydrology: 'temperature and salinity',
  other: 'other',
};

export const tutorialSteps = [
  {
    title: 'Choose a point',
    text: 'The map shows the points of the project and the measuring buoys of its zone. A buoy can be compared with the points within 100 km of it.',
  },
  {
    title: 'Click a buoy or a point',
    text: 'Click a buoy to compare it with the nearest point of the project. Click a point to launch its satellite comparison (or read its result once computed) and to list the buoys near it.',
  },
  {
    title: 'Read the scatter plot',
    text: 'Each tab is one variable. The hindcast is on the bottom axis, the buoy on the left; a point is a cell of pairs, sized by how often it occurs and coloured by the error. The dashed diagonal is where both agree; the orange line is the regression.',
  },
  {
    title: 'Read the metrics',
    text: 'The table under the plot gives the bias, the errors and the correlation over every hour both the hindcast and the buoy hold. The definitions are in the last two tabs.',
  },
] as const;

export const parametersText =
  'The comparison pairs the hindcast at the node nearest to the point with the buoy’s hourly observations on the hours both hold. Hours missing on either side (absent rows, -999 or NaN) are left out and counted. Scalar variables get bias, pbias, rmse, nrmse, corr, SI and std_ratio; directions get dir_bias, dir_rmse and dir_corr on circular differences. The scatter keeps the pairs where both values are non-zero.';

/** The variable short names of spec 002 §9, read in the label registry; the NDBC note is this page's. */
export const variableDefinitions: [string, string][] = (
  ['hs', 'tp', 'tz', 'dp', 'dir', 'magw', 'thetaw', 'mag', 'theta', 'XE'] as const
).map((code) => [
  code,
  code === 'tz' ? `${variableLabel(code)}; for NDBC buoys their average period APD` : variableLabel(code),
]);

/** The metric names of spec 002 §9, m the hindcast and o the measure over the n pairs. */
export const metricDefinitions: [string, string][] = [
  ['bias', 'Mean of m − o'],
  ['pbias', 'Percent bias: 100 · Σ(m − o) / Σo'],
  ['rmse', 'Root mean square error: √mean((m − o)²)'],
  ['nrmse', 'Normalised rmse: rmse / mean(o)'],
  ['corr', 'Pearson correlation of m and o'],
  ['SI', 'Scatter index: √mean(((m − m̄) − (o − ō))²) / ō'],
  ['std_ratio', 'Ratio of the standard deviations: σm / σo'],
  ['dir_bias', 'Mean of the circular differences m − o, in [−180°, 180°)'],
  ['dir_rmse', 'Root mean square of the circular differences'],
  ['dir_corr', 'Circular correlation (Jammalamadaka & SenGupta 2001)'],
];
