// The words of the public pages (spec 000 §2.1 /front, /demo, /features): what the product does, for whom,
// and how the free demo works, as spec 000 §1–2, 001 §1 and 002 §1 describe them. One place, so the three
// pages and their test say the same thing.

// the bar's links and actions live apart, in the first page's code (issue 34); re-exported for the test
export { PUBLIC_LINKS, sessionActions, type SessionState } from './links';

export const audience = [
  {
    title: 'Offshore and maritime engineers',
    text: 'Design and operability figures at the exact locations of a project: distributions, joint tables, roses and extreme values with their confidence intervals.',
  },
  {
    title: 'Marine-operation planners',
    text: 'How long an operation waits for its weather window, month by month, from an Excel planning simulated against every hour of the hindcast.',
  },
  {
    title: 'Project teams',
    text: 'Managers create projects, spend credits and invite collaborators; members consult the projects they are given, comment reports and download results.',
  },
] as const;

export const steps = [
  {
    title: 'Create a project',
    text: 'Pick a work zone among those of your offer. Each zone lists its hindcast datasets: variables, resolution, time step, period and origin.',
  },
  {
    title: 'Place your points',
    text: 'Click the map, or import a file of points (CSV, KML, GeoJSON or a zipped shapefile). Points are checked against the zone.',
  },
  {
    title: 'Compute the statistics',
    text: 'One run computes every statistic the dataset supports at each point, from decades of hourly data. The confirmation shows the credits before anything is charged.',
  },
  {
    title: 'Analyse, export, report',
    text: 'Read charts and tables, export them to Excel, MATLAB or NetCDF, and generate Operability or Design reports as PDF.',
  },
] as const;

export interface FeatureSection {
  id: string;
  title: string;
  summary: string;
  points: string[];
}

export const featureSections: FeatureSection[] = [
  {
    id: 'statistics',
    title: 'Statistics at a point',
    summary:
      'Every computed point offers the statistics below, for the whole record and per calendar month where relevant, with units and the dataset and period on every chart.',
    points: [
      'EPD – empirical distribution: histogram, exceedance and non-exceedance, quantiles.',
      'APD – analytical laws fitted to all data (Weibull, log-normal, normal, gamma, Gumbel).',
      'EJPD – joint distribution of two variables such as Hs × Tp, in per mille, and the Hs–Tp scatter table.',
      'DR – roses of direction sectors by magnitude class; WD and WW – weather downtime and weather windows for your own limits and durations.',
      'TS and CTS – time series and concomitant series, zoomable from 40 years down to the hour.',
      'MEANCOLSTD – mean vertical profile with its standard deviation.',
    ],
  },
  {
    id: 'extremes',
    title: 'Extreme values an engineer can sign',
    summary:
      'Annual maxima or peaks over threshold, declustered storms, return values with confidence intervals, and environmental contours.',
    points: [
      'GEV, Gumbel, GPD, exponential and Weibull fits, with delta-method, profile-likelihood or bootstrap intervals.',
      'Directional and monthly extremes, current and water-level extremes, cyclone counts where the zone is cyclonic.',
      'The method of every statistic is written out in the help, with its references.',
    ],
  },
  {
    id: 'maps',
    title: 'Maps and geometries',
    summary:
      'A map with the work zone, your points, the dataset grid nodes, distance measurement, place search and coordinate read-out.',
    points: [
      '2D statistics maps of a zone, drawn as tiles with their colour bars (cmocean colour maps).',
      'Upload your own geometries (KML, KMZ, GeoJSON, zipped shapefile) and colour their layers.',
    ],
  },
  {
    id: 'reports',
    title: 'Reports and exports',
    summary:
      'Operability (average statistics) and Design (extreme statistics) reports as PDF, with introduction, locations, maps, statistics, conclusion and the database and methodology annexes.',
    points: [
      'Choose the points and parts; include monthly distributions; name the report.',
      'Comment each report with your team.',
      'Download any statistic as Excel, MATLAB or NetCDF, and every chart as an image.',
    ],
  },
  {
    id: 'downtime',
    title: 'Advanced weather downtime',
    summary:
      'Upload an Excel operations planning (environments and tasks); the product simulates it as if it started at every timestep of the hindcast and collects the waiting time the weather causes.',
    points: [
      'Downtime, duration and weather-window percentiles by month, bi-week or week.',
      'Compare the results of several plannings, and read the plan as a Gantt chart.',
      'Results as Excel, MATLAB or NetCDF files; a template and a worked example in the guide.',
    ],
  },
  {
    id: 'contractors',
    title: 'Marine contractors dashboard',
    summary:
      'A guided workflow: boats, operations per boat, weather constraints per operation, locations, percentiles and outputs, then statistics per boat and per point.',
    points: ['For projects of a marine-contractors offer.'],
  },
  {
    id: 'validation',
    title: 'Data validation',
    summary:
      'The hindcast compared with measuring buoys near your points: scatter plots, regression, bias, rmse, scatter index and correlation, with circular metrics for directions.',
    points: ['Each project lists the datasets serving its zone, and the conditions computed at its points.'],
  },
  {
    id: 'teams',
    title: 'Teams, offers and credits',
    summary:
      'An account holds people and offers. An offer sets its zones, credits, number of projects and points, and which tools it opens: maps, reports, weather downtime, statistics download.',
    points: [
      'Credits are charged per computed point and per maps purchase; points in the demo zone are free, and unlimited offers spend none.',
      'Managers invite collaborators and give them access to projects; usage is visible per person.',
    ],
  },
];

/** The demo offers as the product grants them (spec 000 §1, §2.3, §9). */
export const demoFacts = {
  zone: 'Bay of Biscay',
  trialOffer: 'Free Trial',
  demoPack: 'Pack 10 Demo',
  replyHours: 48,
} as const;
