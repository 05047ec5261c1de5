// The example charts of the public pages (issue 35), loaded after the page's text (./parts.tsx).
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { statisticTitle } from '@metocean/charts';
import { companionOf, payloadOf } from '../examples/payloads';
import { Thumbnail } from '../examples/Thumbnail';

/** A few example charts, each opening the example statistics page at its card. */
export function ExampleStrip({ ids, grid }: { ids: readonly string[]; grid: SxProps<Theme> }) {
  return (
    <Box sx={grid} data-testid="example-strip">
      {ids.map((id) => {
        const payload = payloadOf(id);
        if (!payload) return null;
        return (
          <Box
            key={id}
            component={RouterLink}
            to="/help/statistics"
            aria-label={`Example: ${statisticTitle(id)}`}
            sx={{
              display: 'block',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'background.paper',
              color: 'inherit',
              textDecoration: 'none',
              '&:hover': { borderColor: 'primary.main' },
            }}
          >
            <Thumbnail payload={payload} companion={companionOf({ id })} />
            <Typography variant="subtitle2" sx={{ px: 1.5, py: 1 }}>
              {statisticTitle(id)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
