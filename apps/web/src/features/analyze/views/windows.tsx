// Weather windows and weather downtime (spec 002): the measure of the windows; the downtime's duration and
// quantiles, typed as comma-separated percentages.
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ChartError,
  downtimeOption,
  parseQuantiles,
  weatherWindowOption,
  type WindowMeasure,
} from '@metocean/charts';
import type { StatEntry } from '../selection';
import { SimpleChart, WithLevels, payloadOf, perLevel, type ViewProps } from './frame';

export function WeatherWindowView(props: ViewProps) {
  const [measure, setMeasure] = useState<WindowMeasure>('probability');
  return (
    <WithLevels props={props}>
      {(entry) => (
        <SimpleChart
          key={entry.statId}
          props={props}
          entry={entry}
          build={(p, legend) => weatherWindowOption(p, { measure, legend, pointName: props.point.name })}
          controls={
            <TextField
              select
              size="small"
              label="Measure"
              value={measure}
              onChange={(e) => setMeasure(e.target.value as WindowMeasure)}
              sx={{ width: 200 }}
            >
              <MenuItem value="probability">Probability</MenuItem>
              <MenuItem value="meanCalmPeriods">Calm periods per year</MenuItem>
              <MenuItem value="meanCalmLength">Mean calm length</MenuItem>
            </TextField>
          }
        />
      )}
    </WithLevels>
  );
}

function DowntimeChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const payload = payloadOf(props, entry)!;
  const durations = (payload.duration?.values ?? []) as number[];
  const percentiles = (payload.percentile?.values ?? []) as number[];
  const [duration, setDuration] = useState(0);
  const [text, setText] = useState(percentiles.join(','));
  let quantiles: number[] | undefined;
  let inputError = '';
  try {
    quantiles = parseQuantiles(text);
  } catch (error) {
    if (!(error instanceof ChartError)) throw error;
    inputError = error.message;
  }
  return (
    <SimpleChart
      props={props}
      entry={entry}
      build={(p, legend) => {
        if (!quantiles) throw new ChartError(inputError as 'Invalid params amount');
        return downtimeOption(p, { duration, quantiles, legend, pointName: props.point.name });
      }}
      extra={{ classes: { duration: [duration] } }}
      controls={
        <>
          <TextField
            select
            size="small"
            label="Duration"
            value={duration}
            onChange={(e) => setDuration(Number(e.target.value))}
            sx={{ width: 110 }}
          >
            {durations.map((d, i) => (
              <MenuItem key={d} value={i}>
                {d} h
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Quantiles (%)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={inputError !== ''}
            helperText={inputError || 'comma-separated integers 1–99'}
            sx={{ width: 230 }}
            slotProps={{ htmlInput: { 'data-testid': 'quantiles' } }}
          />
        </>
      }
    />
  );
}

export const DowntimeView = perLevel(DowntimeChart);
