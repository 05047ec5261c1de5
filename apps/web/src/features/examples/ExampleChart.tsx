// The chart of an example payload, with the view's default settings (loaded with ECharts, on demand): full
// size in a detail popup, or as a thumbnail — the same chart drawn at its own size and scaled down to the
// width of its card, so that the miniature is the chart the product draws.
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { VisuPayload } from '@metocean/contracts';
import { ChartError, chartOption } from '@metocean/charts';
import { EChart } from '../analyze/EChart';
import { THUMBNAIL_SIZE } from './content';

export default function ExampleChart({
  payload,
  companion,
  thumbnailWidth,
}: {
  payload: VisuPayload;
  companion?: VisuPayload;
  /** Draw a thumbnail this wide (pixels) instead of the full chart. */
  thumbnailWidth?: number;
}) {
  const thumbnail = thumbnailWidth !== undefined;
  const built = useMemo(() => {
    try {
      return { option: chartOption(payload, { month: 1, static: thumbnail }, companion) };
    } catch (error) {
      if (error instanceof ChartError) return { error: error.message };
      throw error;
    }
  }, [payload, companion, thumbnail]);
  if (!built.option) return <Alert severity="warning">{built.error}</Alert>;
  if (!thumbnail) return <EChart option={built.option} width={820} height={380} testId="example-chart" />;
  const scale = thumbnailWidth / THUMBNAIL_SIZE.width;
  return (
    <Box sx={{ transform: `scale(${scale})`, transformOrigin: 'top left', pointerEvents: 'none' }}>
      <EChart option={built.option} {...THUMBNAIL_SIZE} testId="example-thumbnail" />
    </Box>
  );
}
