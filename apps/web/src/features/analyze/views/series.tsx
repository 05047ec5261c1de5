// TS and CTS (spec 002): the time series and the concomitant time series, zoomed and panned, the window
// refined to full detail by the server once the user stops moving.
import { useEffect, useMemo, useRef, useState } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CHART_SIZES, concomitantOption, timeSeriesOption, withWindow } from '@metocean/charts';
import { ChartFrame } from '../ChartFrame';
import { useRefinedWindow } from '../api';
import type { StatEntry } from '../selection';
import { Drawn, attempt, chartWidth, payloadOf, perLevel, target, useChart, type ViewProps } from './frame';

function TimeSeriesChart({ props, entry }: { props: ViewProps; entry: StatEntry }) {
  const stored = payloadOf(props, entry)!;
  const [chart, onReady] = useChart();
  const [legend, setLegend] = useState(true);
  const [window, setWindow] = useState<[number, number] | undefined>();
  const concomitant = entry.id === 'CTS';
  const size = concomitant ? CHART_SIZES.concomitant : CHART_SIZES.default;
  const width = chartWidth(props, size.width);
  // the zoomed window at full detail from the server; the stored overview around it
  const refined = useRefinedWindow(props.projectId, entry, window, Math.max(100, width - 100));
  const payload = useMemo(
    () => (window && refined.data ? withWindow(stored, refined.data, window) : stored),
    [stored, refined.data, window],
  );
  const built = useMemo(
    () =>
      attempt(() =>
        (concomitant ? concomitantOption : timeSeriesOption)(payload, {
          window,
          pixels: Math.max(100, width - 100),
          legend,
          pointName: props.point.name,
        }),
      ),
    [payload, window, width, legend, concomitant, props.point.name],
  );
  // Zoom and pan: the window is refined to the pixels once the user stops moving (spec 002: zoom, pan).
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (!chart) return;
    const onZoom = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const zoom = (chart.getOption() as { dataZoom?: { startValue?: number; endValue?: number }[] })
          .dataZoom?.[0];
        if (zoom?.startValue !== undefined && zoom.endValue !== undefined)
          setWindow([Number(zoom.startValue), Number(zoom.endValue)]);
      }, 150);
    };
    chart.on('datazoom', onZoom);
    return () => {
      chart.off('datazoom', onZoom);
      clearTimeout(timer.current);
    };
  }, [chart]);
  return (
    <ChartFrame
      chart={chart}
      target={target(props, entry)}
      rights={props.rights}
      legend={legend}
      onLegend={setLegend}
      controls={
        window ? (
          <>
            <Chip
              size="small"
              label="Reset zoom"
              onClick={() => setWindow(undefined)}
              data-testid="reset-zoom"
            />
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="zoom-detail"
              data-refined={refined.isSuccess ? 'yes' : 'no'}
            >
              {refined.isFetching
                ? 'Refining…'
                : refined.isError
                  ? 'Showing the overview: the window could not be refined'
                  : 'Full detail of the window'}
            </Typography>
          </>
        ) : undefined
      }
    >
      <Drawn built={built} width={width} height={size.height} onReady={onReady} testId="echart" />
    </ChartFrame>
  );
}

export const TimeSeriesView = perLevel(TimeSeriesChart);
