// The chart of an example payload, with the view's default settings (loaded with ECharts, on demand).
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import type { VisuPayload } from '@metocean/contracts';
import { ChartError, chartOption } from '@metocean/charts';
import { EChart } from '../analyze/EChart';

export default function ExampleChart({
  payload,
  companion,
}: {
  payload: VisuPayload;
  companion?: VisuPayload;
}) {
  const built = useMemo(() => {
    try {
      return { option: chartOption(payload, { month: 1 }, companion) };
    } catch (error) {
      if (error instanceof ChartError) return { error: error.message };
      throw error;
    }
  }, [payload, companion]);
  if (!built.option) return <Alert severity="warning">{built.error}</Alert>;
  return <EChart option={built.option} width={820} height={380} testId="example-chart" />;
}
