// The AWD guide (spec 001 §2.5): a quick-navigation side menu with six sections, the rules of
// docs/methods/awd.md in plain words, one worked example hour by hour, the DNV alpha factors (issue 32,
// docs/methods/alpha.md) at the end of How It Works, and the two downloads.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { OS_H101_2011_T4_1, OS_H101_NOTE } from '@metocean/core';
import { AWD_ASSETS } from './assets';
import { EXAMPLE_ACTIVITIES, EXAMPLE_ENVIRONMENTS, EXAMPLE_HS, EXAMPLE_OUTCOME } from './guide-example';

export const GUIDE_SECTIONS = [
  { id: 'what-is-awd', title: 'What is AWD' },
  { id: 'step-by-step', title: 'Step-by-Step Guide' },
  { id: 'file-format', title: 'File Format' },
  { id: 'output-files', title: 'Output Files' },
  { id: 'tips', title: 'Tips and Common Errors' },
  { id: 'how-it-works', title: 'How It Works' },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" id={id} variant="outlined" sx={{ p: 3, scrollMarginTop: 16 }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.25} sx={{ typography: 'body2', lineHeight: 1.6, '& ul, & ol': { my: 0, pl: 3 } }}>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * True once the file is known to be served (not the SPA's index.html fallback): the example-outputs zip is
 * written by a script of issue 22 and a link to a missing file must not show.
 */
function useServedFile(url: string): boolean {
  const { data } = useQuery({
    queryKey: ['served-file', url],
    queryFn: async () => {
      const response = await fetch(url, { method: 'HEAD' });
      return response.ok && !(response.headers.get('content-type') ?? '').startsWith('text/html');
    },
    staleTime: Infinity,
    retry: false,
  });
  return data === true;
}

function Downloads() {
  const examples = useServedFile(AWD_ASSETS.exampleOutputs);
  return (
    <Stack direction="row" spacing={1.5}>
      <Button variant="contained" startIcon={<DownloadIcon />} href={AWD_ASSETS.template} download>
        Download the template
      </Button>
      {examples && (
        <Button variant="outlined" startIcon={<DownloadIcon />} href={AWD_ASSETS.exampleOutputs} download>
          Download example outputs
        </Button>
      )}
    </Stack>
  );
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

function WorkedExample() {
  const limitOf = (env: string | null) =>
    env === null
      ? 'none (no limit)'
      : `${env}: Hs ≤ ${EXAMPLE_ENVIRONMENTS.find((e) => e.name === env)?.hsMax} m`;
  return (
    <>
      <Typography variant="h3">Worked example: three activities, one start</Typography>
      <Typography variant="body2">
        One trip with three activities, simulated from the start at 00:00 UTC. Environment E1 allows Hs up to{' '}
        {EXAMPLE_ENVIRONMENTS[0].hsMax} m, E2 up to {EXAMPLE_ENVIRONMENTS[1].hsMax} m.
      </Typography>
      <Table size="small" sx={{ maxWidth: 760 }} aria-label="Example activities">
        <TableHead>
          <TableRow>
            <TableCell>activity_id</TableCell>
            <TableCell align="right">min_hours</TableCell>
            <TableCell align="right">contingency_time (%)</TableCell>
            <TableCell align="right">duration (h)</TableCell>
            <TableCell>continuous</TableCell>
            <TableCell>environment</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {EXAMPLE_ACTIVITIES.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{a.id}</TableCell>
              <TableCell align="right">{a.minHours}</TableCell>
              <TableCell align="right">{a.contingencyPercent}</TableCell>
              <TableCell align="right">{a.durationHours}</TableCell>
              <TableCell>{a.continuous ? 'yes' : 'no'}</TableCell>
              <TableCell>{limitOf(a.environment)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Table
        size="small"
        sx={{ maxWidth: 760 }}
        aria-label="Example hour by hour"
        data-testid="awd-example-hours"
      >
        <TableHead>
          <TableRow>
            <TableCell>hour (UTC)</TableCell>
            <TableCell align="right">Hs (m)</TableCell>
            <TableCell>the plan</TableCell>
            <TableCell>why</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {EXAMPLE_OUTCOME.timeline.map((state, hour) => (
            <TableRow key={hour}>
              <TableCell>{hh(hour)}</TableCell>
              <TableCell align="right">{EXAMPLE_HS[hour]?.toFixed(1)}</TableCell>
              <TableCell sx={{ fontWeight: state === 'waiting' ? 400 : 600 }}>
                {state === 'waiting' ? 'waiting for weather' : state === 'done' ? 'finished' : state}
              </TableCell>
              <TableCell>
                {EXAMPLE_OUTCOME.reasons[hour] ??
                  (state === 'Mobilise'
                    ? 'Environment "none": works in any weather.'
                    : state === 'Lift'
                      ? 'Hs within 1.5 m for the four hours of the Lift.'
                      : state === 'Secure'
                        ? 'Starts exactly when the Lift ends (continuous = yes); Hs within 2.0 m.'
                        : '')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2">
        The start at 00:00 finishes at {hh(EXAMPLE_OUTCOME.endHour)}: duration D ={' '}
        {EXAMPLE_OUTCOME.durationHours} h, of which {EXAMPLE_OUTCOME.nominalHours} h of work and a delay W ={' '}
        {EXAMPLE_OUTCOME.delayHours} h of waiting for weather, so the downtime is 100 ×{' '}
        {EXAMPLE_OUTCOME.delayHours} / {EXAMPLE_OUTCOME.durationHours} ={' '}
        {EXAMPLE_OUTCOME.downtimePercent.toFixed(1)} %. The same is done from 01:00, 02:00 and every other
        hour of the record; the percentiles of all these starts per month, bi-week or week are the results.
      </Typography>
    </>
  );
}

/** The built-in table and its provenance (issue 32; docs/methods/alpha.md). */
function AlphaFactors() {
  const t = OS_H101_2011_T4_1;
  return (
    <>
      <Typography variant="h3" id="alpha-factors" sx={{ pt: 1 }}>
        Alpha factors (DNV)
      </Typography>
      <Typography variant="body2">
        Under DNV rules a weather-restricted operation works to α × its operational limit: the forecast must
        stay under the reduced limit for the operation&apos;s reference period TPOP. Choose “Alpha factors” in
        the planning settings to simulate with it (off by default). For each activity whose environment limits
        Hs at L metres, TPOP is its min_hours; the row is the first TPOP bound at or above it; α is linear in
        L between the columns and clamped to 1 m and 6 m; α × L applies to every hour of the activity&apos;s
        window (min_hours plus contingency). Other parameters and the “none” environment are not factored. An
        activity of TPOP above 72 h is refused with its cell: by DNV&apos;s definition (TPOP &lt; 72 h, TR
        &lt; 96 h) it is not weather-restricted.
      </Typography>
      <Typography variant="body2">
        Built in: {t.name}. Source: {t.source}. {OS_H101_NOTE}
      </Typography>
      <Table size="small" sx={{ width: 'auto' }} aria-label="DNV-OS-H101 Table 4-1">
        <TableHead>
          <TableRow>
            <TableCell>TPOP ≤ (h)</TableCell>
            {t.limits.map((l) => (
              <TableCell key={l} align="right">
                Hs {l === 6 ? '≥ 6' : l} m
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {t.tpopHours.map((h, r) => (
            <TableRow key={h}>
              <TableCell>{h}</TableCell>
              {t.values[r]!.map((v, c) => (
                <TableCell key={c} align="right">
                  {v.toFixed(2)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2">
        Managers can enter company tables (rows TPOP, columns a limit of Hs or wind speed) under Account ›
        Alpha tables; they are chosen the same way. Results name the table used (results page, Excel About
        sheet, stamp) and the results page shows the planning with and without α side by side.
      </Typography>
    </>
  );
}

export function GuidePage() {
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', maxWidth: 1280, mx: 'auto' }}>
      <Paper
        component="nav"
        aria-label="Quick navigation"
        variant="outlined"
        sx={{ position: 'sticky', top: 16, width: 240, flexShrink: 0 }}
      >
        <Typography variant="overline" sx={{ px: 2, pt: 1.5, display: 'block' }}>
          Quick navigation
        </Typography>
        <List dense>
          {GUIDE_SECTIONS.map((section) => (
            <ListItemButton key={section.id} component="a" href={`#${section.id}`}>
              <ListItemText primary={section.title} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h1">Advanced Weather Downtime guide</Typography>
        <Section id="what-is-awd" title="What is AWD">
          <Typography variant="body2">
            Advanced Weather Downtime simulates your operations planning against the whole hourly hindcast
            record of its points: as many years as the dataset holds (11 years, 2000–2010, for the ERA5 South
            China Sea record; each planning’s results state the record it used). Your plan is started at every
            hour of the record; each start is run to the end, activity after activity, waiting whenever the
            weather (or the working hours) does not allow the next activity. The waiting caused by weather is
            the downtime. The results give, per month, bi-week or week, the percentiles of the total duration,
            of the downtime, of the downtime percentage and of the share of years without any downtime.
          </Typography>
          <Downloads />
        </Section>
        <Section id="step-by-step" title="Step-by-Step Guide">
          <ol>
            <li>
              <b>Fill the template.</b> Download the Excel template, describe your weather limits in the
              Environments table and your activities in the Tasks table.
            </li>
            <li>
              <b>Upload it.</b> On the project’s Advanced Weather Downtime page, click Upload and pick the
              file. We read it at once and show every error and warning with its sheet and cell.
            </li>
            <li>
              <b>Check the settings and launch.</b> The table ranges, the percentiles, the point of each
              location alias and the Excel outputs are prefilled; the Gantt shows the plan as read. Launch; an
              e-mail tells you when the results are ready (from a few seconds to about 20 minutes).
            </li>
            <li>
              <b>Read, compare and download.</b> Open a finished planning to see its tables and charts, select
              two or more to compare them month by month, and download the Excel, MATLAB and NetCDF outputs.
            </li>
          </ol>
        </Section>
        <Section id="file-format" title="File Format">
          <Typography variant="h3">Environments table</Typography>
          <Typography variant="body2">
            The header row starts with <code>Environment #</code>. Each other header names a parameter: a
            header with “wave” and “mean direction” (or “dir”) is the mean wave direction; “wave” and
            “direction” (or “Dp”) the peak direction; “wave” and “period” (or “Tp”) the peak period; any other
            “wave” header (or “Hs”, “Hm0”) the significant height. “wind” with “direction” is the wind
            direction, otherwise the wind speed; “current” with “depth” is the depth the current is read at,
            with “direction” its direction, otherwise its speed. Units in a header, like “Wave Hs (m)”, are
            fine. Three more columns set working hours: <code>Working_hour starting_time</code>,{' '}
            <code>Working_hour ending_time</code> and <code>Working_hour time_zone</code>.
          </Typography>
          <Typography variant="body2">
            One row per environment: its name, then a limit per parameter. A number is a maximum (the hour
            passes when the value is at most the limit); a direction is a sector <code>a-b</code> in degrees,
            clockwise from a to b, both included, which may cross north (<code>300-60</code>). An empty cell
            or <code>N/A</code> means “not limited”. The environment <code>none</code> means no limit at all
            and must not be defined in the table.
          </Typography>
          <Typography variant="h3">Tasks table</Typography>
          <Typography variant="body2">
            Columns: operation_id (ignored), trip_id, task_id, activity_id, min_hours, contingency_time
            (percent added to min_hours), nb_windows (how many times the row is repeated), total_duration
            (ignored), continuous (yes or no), the environment id, and an optional location: an alias that you
            map to a project point when you upload. Rows of one trip must be together.
          </Typography>
        </Section>
        <Section id="output-files" title="Output Files">
          <Typography variant="body2">
            The download is a zip with one Excel workbook per output you chose — TOTAL_DURATION (hours),
            DOWNTIME_DURATION (hours of waiting for weather), DOWNTIME_PERCENT (downtime as a share of the
            duration) and NO_DOWNTIME_RATIO (share of years in which a start of that period had no downtime) —
            each with a sheet per breakdown (monthly: Jan…Dec; bi-weekly: Jan 1-15, Jan 16-end…; weekly: Jan
            1-7, Jan 8-14, Jan 15-21, Jan 22-end…), the whole sequence and each trip. The same numbers come as
            MATLAB (.mat) and NetCDF (.nc) files, with a stamp of the data version, the rules version and your
            settings.
          </Typography>
          <Downloads />
        </Section>
        <Section id="tips" title="Tips and Common Errors">
          <ul>
            <li>Do not rename the required columns of the template.</li>
            <li>Use values, not formulas (we read the last computed value of a formula cell).</li>
            <li>Do not name an environment “none”: that name means “no limit”.</li>
            <li>Use whole numbers for nb_windows; min_hours must be above 0.</li>
            <li>Write direction limits as sectors (“45-135”); a single number is refused.</li>
            <li>
              Every Environments column must be a known parameter or one of the three working-hour columns
              (all three, or none): an unknown header is refused rather than ignored, so no limit is silently
              dropped. In the Tasks table, extra columns are only a warning.
            </li>
            <li>Keep the rows of one trip together; a trip split in two places is an error.</li>
            <li>
              Every location alias must be mapped to a project point; an empty location uses the first point.
            </li>
            <li>
              A limit on a parameter the point’s dataset does not have (for example current at a wave-only
              point) is an error naming the parameter and the point.
            </li>
          </ul>
        </Section>
        <Section id="how-it-works" title="How It Works">
          <ol>
            <li>
              Each hourly record holds for its whole hour (UTC). Plans on several points use the hours all of
              them have.
            </li>
            <li>
              An hour is workable for an environment when every limited parameter passes and the whole hour is
              inside the working hours (local time of the zone, daylight saving followed; a start after the
              end wraps past midnight; equal times mean all day). A missing value fails the hour.
            </li>
            <li>
              An activity lasts ceil(min_hours × (1 + contingency_time / 100)) hours and never pauses: it
              needs one uninterrupted workable window of that length.
            </li>
            <li>
              nb_windows = n repeats the row n times one after another; each repetition after the first may
              wait for its own window.
            </li>
            <li>
              continuous = yes: the activity starts exactly when the previous one ends. A non-continuous
              activity and the continuous ones after it form a chain, placed at the first hour where all of
              them fit — we look ahead over the whole chain.
            </li>
            <li>
              The waiting time is split into the part caused by working hours and the part caused by weather;
              the weather part is the downtime. A start whose plan cannot finish before the data ends is left
              out and counted.
            </li>
            <li>
              Per period (by the start’s month, bi-week or week), the starts of all years are pooled and their
              percentiles taken with linear interpolation; the downtime % at Pp is 100 × downtime at Pp /
              duration at Pp.
            </li>
          </ol>
          <WorkedExample />
          <AlphaFactors />
        </Section>
      </Stack>
    </Box>
  );
}
