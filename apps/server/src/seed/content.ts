// The changelog and help pages every installation starts with.

export const changelogSeed = [
  {
    version: '5.10.7',
    date: '2026-11-21',
    notes: [
      'Accounts and sessions',
      '- Sign up with e-mail activation, password reset by e-mail, and invitations for team members.',
      '- Passwords are checked against a list of common passwords and must not resemble your name.',
      '- Sessions renew themselves while you work and end after a long period of inactivity.',
      'Navigation',
      '- A new top bar with Home, My Team, FAQ, Statistics, Contact us and What’s new.',
      '- Maintenance notices are shown in a banner you can dismiss for the session.',
    ].join('\n'),
  },
];

// The FAQ is not a flat page: it is written in apps/web/src/features/help/faq-content.ts.
export const flatPageSeeds = [
  {
    url: 'statistics',
    title: 'Statistics',
    content: `
<p>Each computed point offers the statistics below, per year and per calendar month where relevant.</p>
<ul>
<li><b>EPD</b> – empirical distribution: histogram, exceedance and non-exceedance, quantiles.</li>
<li><b>APD</b> – analytical distributions fitted to all data (Weibull, log-normal, normal, gamma, Gumbel).</li>
<li><b>EJPD</b> – joint distribution of two variables, such as Hs × Tp, in per mille.</li>
<li><b>DR</b> – roses of direction sectors by magnitude class.</li>
<li><b>WW</b> – weather windows: how often a calm period of a given length starts.</li>
<li><b>WD</b> – weather downtime: waiting time before an operation needing a calm window can start.</li>
<li><b>TS / CTS</b> – time series and concomitant series.</li>
<li><b>MEANCOLSTD</b> – mean vertical profile with its standard deviation.</li>
<li><b>EXT, MAEXT, MIEXT, CUREXT, HEIEXT, NOCYC</b> – extreme values and return periods.</li>
</ul>
<p>Percentiles use linear interpolation between order statistics (the default of most scientific software).</p>`.trim(),
  },
  {
    url: 'validation',
    title: 'Data validation',
    content: `
<p>The data validation page of a project (the “data validation” link of its header) compares the hindcast
with measurements. Its sidebar has two sections.</p>
<h2>Numerical simulations</h2>
<p>The overview shows the datasets serving the project’s zone as cards, a <b>datasource summary</b> (variables,
period, resolution and time step of each dataset) and the <b>environmental conditions</b> computed at the
project’s points (mean, min, max, median and standard deviation of each variable).</p>
<h2>Buoy comparison</h2>
<p>The map shows the project’s points and the measuring buoys of its zone. Click a buoy to compare it with the
nearest point of the project (within 100 km), or click a point to list the buoys near it. The comparison pairs
the hindcast at the node nearest to the point with the buoy’s hourly observations, on the hours both hold;
hours missing on either side are left out and counted.</p>
<p>Each tab of the comparison is one variable. The scatter plot puts the hindcast (model) on the bottom axis
and the buoy (measure) on the left axis; each disc is a cell of pairs, sized by its occurrence and coloured by
its mean error (colour bar on the right). The dashed diagonal is where model and measure agree; the orange
line is the least-squares regression of the measure on the model (hover it for r², slope a and intercept b).
Pairs where either value is zero are left out of the scatter.</p>
<h2>Metrics</h2>
<p>With m the model, o the measure and n the pairs:</p>
<table>
<tr><th>bias</th><td>mean of m − o</td></tr>
<tr><th>pbias</th><td>100 · Σ(m − o) / Σo, in %</td></tr>
<tr><th>rmse</th><td>√mean((m − o)²)</td></tr>
<tr><th>nrmse</th><td>rmse / mean(o)</td></tr>
<tr><th>corr</th><td>Pearson correlation of m and o</td></tr>
<tr><th>SI</th><td>scatter index: √mean(((m − m̄) − (o − ō))²) / ō</td></tr>
<tr><th>std_ratio</th><td>σm / σo</td></tr>
<tr><th>dir_bias, dir_rmse</th><td>mean and root mean square of the circular differences, for directions</td></tr>
<tr><th>dir_corr</th><td>circular correlation (Jammalamadaka &amp; SenGupta 2001)</td></tr>
</table>
<h2>The demo’s buoys</h2>
<p>The buoys are NOAA NDBC stations 44007 (Gulf of Maine), 42001 (central Gulf of Mexico) and 41009 (off Cape
Canaveral, outside the demo zones), with hourly significant wave height (hs) and average period (tz) from 1996
to 2017 (public domain). Where a zone is
served by the synthetic demo hindcast, the comparison says so: it then shows how the generated series differs
from a real buoy, not how a real model performs.</p>
<p>A comparison is not allowed once the project’s offer has expired.</p>`.trim(),
  },
  {
    url: 'satellite_comparison',
    title: 'Satellite comparison',
    content: `
<p>A satellite comparison checks the hindcast at one of your points against the significant wave height (Hs)
and the 10 m wind speed measured along track by altimeter satellites. It is launched from the data validation
page of a project: click a point on the map, then <b>Launch</b>. It can take up to 20 minutes; the result is sent
by e-mail to you, and the point then opens its result when clicked.</p>
<h2>Who can launch it</h2>
<p>The managers of the project, while its offer runs. Members read the results. Once the offer has expired,
comparison is not allowed; the comparisons already computed stay readable.</p>
<h2>How the measures are matched with the model</h2>
<p>An altimeter measures a sample about every second (every 5.8 km) along its ground track. The comparison keeps the
samples with a value within <b>50 km</b> of the hindcast node serving the point, and attaches each to the nearest
hourly step of the hindcast when that step is within <b>±30 minutes</b> of it. The samples of one step are averaged
into one measure (a “super-observation”); a step needs at least <b>3 samples</b> and a model value. The model value
is the hindcast’s own value at that hour: it is not interpolated in time. Each such step is one <i>matchup</i>.</p>
<h2>Where the altimetry comes from</h2>
<p>Along-track L3 files (the CMEMS WAVE_GLO_PHY_SWH_L3 layout: <code>time</code>, <code>latitude</code>,
<code>longitude</code>, <code>VAVH</code>, optionally <code>WIND_SPEED</code>) placed by your administrator for the
zone. Where none were placed, as in the demo zones, the samples are <b>synthetic</b>: drawn from the hindcast along
the ground tracks of the missions then flying (TOPEX/Poseidon, ERS-2, Jason-1 to 3, Envisat, CryoSat-2,
SARAL/AltiKa, Sentinel-3A and 3B), with altimeter-like noise. The result says so: it then shows the method, not the
skill of the model.</p>
<h2>Reading the result</h2>
<p>Each tab is one variable: <b>hs</b> (significant wave height, m) and <b>magw</b> (wind speed, m/s). The scatter
plot puts the model on the bottom axis and the satellite on the left; each disc is a cell of matchups, sized by
how often it occurs and coloured by its mean error (colour bar on the right). The dashed diagonal is where both
agree; the orange line is the regression (hover it for r², slope a and intercept b). The table under it gives the
number of matchups n and the metrics bias, pbias, rmse, nrmse, corr, SI and std_ratio, defined in the
<b>Metric names</b> tab and on the <a href="/help/validation">validation help page</a>.</p>
<h2>Downloads</h2>
<p><b>Download</b> saves the chart shown as a PNG named after the comparison. <b>Data (zip)</b> gives
<code>matchups.csv</code> (every matchup: time, model, measure, samples averaged, their spread and distance),
<code>metrics.csv</code> (one row per variable) and a <code>README.txt</code> with the provenance of the model and
of the altimetry, and whether the altimetry was synthetic.</p>
<h2>If it fails</h2>
<p>The e-mail and the launch window give the reason. If a comparison cannot be launched at all, contact support
with the names of the project, the point and your user.</p>`.trim(),
  },
];
