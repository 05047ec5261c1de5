// ENVC (spec 002): the environmental contours over the sea states behind them, and their maxima (the design
// sea states) as a table.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ChartError, contourExtremeComparison, contourMaxima, contourOption } from '@metocean/charts';
import { NumericTable } from '../../../components/NumericTable';
import { useContourBand } from '../api';
import type { StatEntry } from '../selection';
import { PayloadWarnings, SimpleChart, companion, payloadOf, perLevel, type ViewProps } from './frame';

/** The standard set's contours: the band is computed when asked for (kwargs.bandNote "band on request…"). */
const onRequest = (kwargs: Record<string, unknown>) =>
  typeof kwargs.bandNote === 'string' && kwargs.bandNote.startsWith('band on request');

/** What the shaded band is, or why there is none (kwargs.band / kwargs.bandNote of the payload). */
function bandCaption(kwargs: Record<string, unknown>): string {
  const band = kwargs.band as {
    ci: number;
    resamples: number;
    seed: number;
    years: number;
    used: number;
  } | null;
  if (!band)
    return typeof kwargs.bandNote === 'string' && !onRequest(kwargs)
      ? `No uncertainty band: ${kwargs.bandNote.replace(/^no band: /, '')}.`
      : '';
  const pct = Math.round(100 * band.ci);
  const lost = band.resamples - band.used;
  return (
    `Shaded: the ${pct} % band of each contour. The joint model was refitted on ${band.resamples} resamples of the ` +
    `${band.years} calendar years of sea states (whole years drawn with replacement, seed ${band.seed})` +
    `${lost > 0 ? `, ${lost} of which gave no contour and are left out` : ''}; along each line from the median ` +
    `sea state, ${pct} % of the refitted contours cross inside the band. It shows how sure the fit is from these ` +
    `years, not whether the joint model's form is right.`
  );
}

function ContourChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const [density, setDensity] = useState(true);
  const stored = payloadOf(props, entry)!;
  // a stored band is drawn at once; one not yet computed is computed when the switch is turned on
  const [band, setBand] = useState(Boolean(stored.kwargs.band));
  const computing = useContourBand(props.projectId, entry);
  // the payload answered with the band, until the cached one (replaced by it) reaches this view
  const payload = computing.data ?? stored;
  const pending = onRequest(payload.kwargs);
  const { mutate, isIdle } = computing;
  useEffect(() => {
    if (band && pending && isIdle) mutate();
  }, [band, pending, isIdle, mutate]);
  // the extreme analysis of the same wave height, for its return values beside the contours' Hs
  const extremes = payloadOf(props, companion(props, entry, 'EXT'));
  const comparison = useMemo(() => {
    try {
      return contourExtremeComparison(payload, extremes);
    } catch (error) {
      if (error instanceof ChartError) return null;
      throw error;
    }
  }, [payload, extremes]);
  const maxima = useMemo(() => {
    try {
      return contourMaxima(payload);
    } catch (error) {
      if (error instanceof ChartError) return [];
      throw error;
    }
  }, [payload]);
  return (
    <Stack spacing={1}>
      <PayloadWarnings payload={payload} />
      <SimpleChart
        props={props}
        entry={entry}
        size={{ width: 600, height: 440 }}
        testId="contour-plot"
        build={(p, legend) =>
          contourOption(computing.data ?? p, { density, band, legend, pointName: props.point.name })
        }
        controls={
          <>
            <FormControlLabel
              control={
                <Switch size="small" checked={density} onChange={(e) => setDensity(e.target.checked)} />
              }
              label="Sea states behind"
            />
            {(Boolean(payload.kwargs.band) || pending) && (
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={band}
                    onChange={(e) => {
                      setBand(e.target.checked);
                      // a failed attempt is tried again when the switch is turned on again
                      if (e.target.checked && computing.isError) computing.reset();
                    }}
                    slotProps={{ input: { 'aria-label': 'Band: the 90 % band of each contour' } }}
                  />
                }
                label="Band"
              />
            )}
          </>
        }
      />
      {band && computing.isPending && (
        <Box sx={{ maxWidth: 600 }} data-testid="contour-band-progress">
          <Typography variant="caption" color="text.secondary">
            Computing the band: the joint model refitted on 200 resamples of the record&apos;s years (about a
            second per wave height)…
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {band && computing.isError && (
        <Alert severity="error" sx={{ maxWidth: 600 }} data-testid="contour-band-error">
          The band could not be computed: {computing.error.message}. Switch &quot;Band&quot; off and on to try
          again.
        </Alert>
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="contour-band-note"
        sx={{ maxWidth: 600 }}
      >
        {pending && !band
          ? 'The 90 % band of each contour (how far it moves when the joint model is refitted on other draws of these years) is computed on request: switch "Band" on.'
          : bandCaption(payload.kwargs)}
      </Typography>
      {maxima.length > 0 && (
        <Box sx={{ maxWidth: 600 }}>
          <Typography variant="subtitle2">Contour maxima (design sea states)</Typography>
          <NumericTable
            testId="contour-maxima"
            head={['T (years)', 'β', 'Hs max (m)', 'Tp at Hs max (s)', 'Tp range (s)']}
            rows={maxima.map((m) => [m.returnPeriod, m.beta, m.hsMax, m.tpAtHsMax, `${m.tpMin}–${m.tpMax}`])}
          />
        </Box>
      )}
      {comparison && (
        <Box sx={{ maxWidth: 600 }}>
          <Typography variant="subtitle2">Contours and extremes of the same wave height</Typography>
          <NumericTable
            testId="contour-extremes"
            head={[
              'T (years)',
              'Contour Hs max (m)',
              comparison.law ? `Extremes Hs (m), ${comparison.law}` : 'Extremes Hs (m)',
              comparison.interval ? `Interval (${comparison.interval})` : 'Interval',
              'Sea states outside',
              'Expected outside',
            ]}
            rows={comparison.rows.map((r) => [
              r.returnPeriod,
              r.contourHs,
              r.extremeHs,
              r.interval,
              r.outside,
              r.expectedOutside,
            ])}
          />
          <Typography variant="caption" color="text.secondary">
            {extremes
              ? 'The contour models every sea state, the extremes the yearly or storm maxima: a large gap between them says one of the two models is off.'
              : 'The extreme analysis of this wave height is not among the computed statistics.'}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

export const ContourView = perLevel(ContourChart);
