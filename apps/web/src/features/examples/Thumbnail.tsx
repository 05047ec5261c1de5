// A card's chart thumbnail, drawn once it comes near the screen: the page opens with the few charts in
// view, ECharts loads with the first of them, and the others are drawn as they scroll in. The box keeps
// the chart's proportions from the start, so nothing moves when a chart appears.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { VisuPayload } from '@metocean/contracts';
import { THUMBNAIL_SIZE } from './content';

const ExampleChart = lazy(() => import('./ExampleChart'));

export function Thumbnail({ payload, companion }: { payload: VisuPayload; companion?: VisuPayload }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const sized = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    sized.observe(element);
    const seen = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        setNear(true);
        seen.disconnect();
      },
      { rootMargin: '200px 0px' },
    );
    seen.observe(element);
    return () => {
      sized.disconnect();
      seen.disconnect();
    };
  }, []);

  return (
    <Box
      ref={box}
      data-testid="thumbnail"
      sx={{
        width: '100%',
        aspectRatio: `${THUMBNAIL_SIZE.width} / ${THUMBNAIL_SIZE.height}`,
        overflow: 'hidden',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {near && width !== null && width > 0 && (
        <Suspense fallback={null}>
          <ExampleChart payload={payload} companion={companion} thumbnailWidth={width} />
        </Suspense>
      )}
    </Box>
  );
}
