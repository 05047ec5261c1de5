import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ProjectGeometry, Stat2dLayer, ZoneNodes } from '@metocean/contracts';
import { pointColours } from '../config';
import { swatchColour } from '../colourbar';
import { useLayerProperties } from '../queries';
import type { MapZone } from '../types';
import { buoyColour } from '../layers/BuoyMarkers';
import { nodeStyleOf } from '../layers/GridNodes';
import { zoneColour } from '../layers/ZoneOutlines';

const pointEntries = [
  { label: 'New point', colour: pointColours.new },
  { label: 'Point to compute', colour: pointColours.pending },
  { label: 'Computed', colour: pointColours.computed },
  { label: 'Satellite validated', colour: pointColours.validated },
  { label: 'Selected', colour: pointColours.selected },
];

/** Ordinal for the legend's thinning note: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * 'Show Legends': the point states, then one entry per thing shown on the map — the zone, buoys, 2D maps,
 * grid nodes (with the thinning note) and each geometry layer.
 */
export function LegendPanel({
  area,
  buoys,
  stat2d,
  nodes,
  geometries,
}: {
  /** The work zone when the Area overlay shows it. */
  area: MapZone | null;
  buoys: boolean;
  stat2d: Stat2dLayer[];
  nodes: ZoneNodes | undefined;
  geometries: ProjectGeometry[];
}) {
  // The swatches read the same property files as the colour bars (cached once per file).
  const properties = useLayerProperties(stat2d);
  return (
    <Paper
      elevation={2}
      sx={{ p: 1.5, width: 200, maxHeight: 260, overflowY: 'auto' }}
      aria-label="Legend"
      role="region"
    >
      {pointEntries.map((entry) => (
        <Box key={entry.label} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
          <Box
            sx={{
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: entry.colour,
              border: '1.5px solid #fff',
              boxShadow: '0 0 0 1px #99a',
            }}
          />
          <Typography variant="body2">{entry.label}</Typography>
        </Box>
      ))}
      {area && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
          <Box
            sx={{
              width: 14,
              height: 10,
              border: `2px solid ${zoneColour}`,
              bgcolor: 'rgba(10,110,189,.08)',
            }}
          />
          <Typography variant="body2">Area: {area.name}</Typography>
        </Box>
      )}
      {buoys && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
          <Box
            sx={{
              width: 9,
              height: 9,
              mx: '2px',
              transform: 'rotate(45deg)',
              bgcolor: buoyColour,
              border: '1.5px solid #13315c',
            }}
          />
          <Typography variant="body2">Buoy</Typography>
        </Box>
      )}
      {stat2d.map((layer, index) => (
        <Box key={`stat2d-${layer.id}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
          <Box
            data-testid="stat2d-swatch"
            sx={{
              width: 14,
              height: 10,
              flex: 'none',
              // The middle of the layer's colour bar; neutral until its property file is read.
              bgcolor: (() => {
                const props = properties[index]?.data;
                return (props && swatchColour(props)) ?? '#c3cad2';
              })(),
              opacity: 0.8,
            }}
          />
          <Typography variant="body2" noWrap>
            {layer.name} ({layer.units})
          </Typography>
        </Box>
      ))}
      {nodes?.datasets
        .filter((dataset) => dataset.total > 0)
        .map((dataset) => {
          const style = nodeStyleOf(dataset.synthetic);
          return (
            <Box key={`nodes-${dataset.id}`} sx={{ py: 0.25 }} data-testid="grid-legend">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  sx={{
                    width: 7,
                    height: 7,
                    mx: '3.5px',
                    flex: 'none',
                    borderRadius: '50%',
                    bgcolor: style.fillColor,
                    border: `1px solid ${style.color}`,
                    opacity: 0.8,
                  }}
                />
                <Typography variant="body2" sx={{ lineHeight: 1.25 }}>
                  Grid nodes: {dataset.name}
                </Typography>
              </Box>
              {dataset.thinned && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 3 }}>
                  every {ordinal(dataset.spacing)} node shown ({dataset.total.toLocaleString('en')} in view)
                </Typography>
              )}
            </Box>
          );
        })}
      {geometries.flatMap((geometry) =>
        geometry.layers.map((layer) => (
          <Box
            key={`${geometry.id}-${layer.id}`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            <Box
              sx={{
                width: 14,
                height: layer.type === 'line' ? 3 : 10,
                borderRadius: layer.type === 'point' ? '50%' : 0,
                bgcolor: layer.color,
                opacity: layer.type === 'polygon' ? 0.6 : 1,
              }}
            />
            <Typography variant="body2" noWrap>
              {geometry.name}: {layer.name}
            </Typography>
          </Box>
        )),
      )}
    </Paper>
  );
}
