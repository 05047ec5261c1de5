import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Stat2dLayer } from '@metocean/contracts';
import { gradientCss, barPercent, sourceLine, tickLabels } from '../colourbar';
import { useLayerProperties } from '../queries';

/** 'Show Colorbar' (spec 002): each shown layer's colour bar with its ticks, units and 'Source:' line. */
export function ColourBars({ layers }: { layers: Stat2dLayer[] }) {
  const properties = useLayerProperties(layers);
  return (
    <Paper elevation={2} sx={{ p: 1.5, width: 260 }} aria-label="Colour bars" role="region">
      {layers.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Switch on a map layer in the layer control to see its colour bar.
        </Typography>
      )}
      {layers.map((layer, index) => {
        const entry = properties[index];
        const props = entry?.data;
        return (
          <Box key={layer.id} sx={{ '& + &': { mt: 1.5 } }} data-testid="colour-bar">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {layer.name} ({layer.units})
            </Typography>
            {props ? (
              <>
                <Box
                  sx={{
                    height: 12,
                    borderRadius: '2px',
                    mt: 0.5,
                    background: gradientCss(props.colorStops, props.min, props.max),
                  }}
                />
                <Box sx={{ position: 'relative', height: 16, mx: 0.5 }}>
                  {tickLabels(props.ticks).map((label, i) => (
                    <Typography
                      key={label}
                      variant="caption"
                      sx={{
                        position: 'absolute',
                        left: `${barPercent(props.ticks[i] ?? props.min, props.min, props.max)}%`,
                        transform: 'translateX(-50%)',
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {label}
                    </Typography>
                  ))}
                </Box>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {sourceLine(props.source)}
                </Typography>
              </>
            ) : (
              <Typography variant="caption" color={entry?.error ? 'error' : 'text.secondary'}>
                {entry?.error ? 'The colour bar could not be loaded' : 'Loading…'}
              </Typography>
            )}
          </Box>
        );
      })}
    </Paper>
  );
}
