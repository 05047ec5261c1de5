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

export const flatPageSeeds = [
  {
    url: 'faq',
    title: 'Frequently asked questions',
    content: `
<h2>What data are the statistics computed from?</h2>
<p>From hourly hindcast series: decades of modelled wind, waves and currents at every node of a grid. Each
zone lists its datasets with their resolution, time step, period and origin when you create a project.</p>
<h2>How are credits spent?</h2>
<p>Computing the statistics of a point spends credits from your account; the confirmation dialog shows how
many before anything is charged. Points in the demo zone (Bay of Biscay) are free, and unlimited offers do
not spend credits.</p>
<h2>Who can create projects?</h2>
<p>Managers create projects, add points, compute statistics and invite collaborators. Members consult the
projects they are given access to.</p>
<h2>How do I get a new password?</h2>
<p>Use “Forgot your password?” on the sign-in page: we e-mail you a link valid for 24 hours.</p>
<h2>How do I contact you?</h2>
<p>Use “Contact us” in the top bar. We answer within two working days.</p>`.trim(),
  },
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
];
