// An AWD chart as wide as its container (the results and comparison pages): the chart is drawn at the
// container's width and drawn again when that width changes (a window resized, a drawer opened), so it
// neither overflows a narrow window nor leaves a wide one half empty.
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { EChartsOption } from 'echarts';
import { EChart } from '../analyze/EChart';

export function FluidChart({
  option,
  height,
  testId,
}: {
  option: EChartsOption;
  height: number;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box ref={box} sx={{ width: '100%', minWidth: 0, height }}>
      {width !== null && width > 0 && (
        <EChart option={option} width={width} height={height} testId={testId} />
      )}
    </Box>
  );
}
