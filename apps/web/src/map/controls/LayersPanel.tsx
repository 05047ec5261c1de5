import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import MuiTooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ProjectGeometry, Stat2dMap } from '@metocean/contracts';
import { baseLayerNames, coastlineLayerName, type BaseLayerName, type TileLayerConfig } from '../config';

/** The overlays the layer control switches on and off. */
export interface Overlays {
  area: boolean;
  points: boolean;
  graticule: boolean;
  /** Sea and harbour names of the offline gazetteer (issue 30). */
  places: boolean;
  buoys: boolean;
  grids: boolean;
}
export const initialOverlays: Overlays = {
  area: true,
  points: true,
  graticule: true,
  places: true,
  buoys: false,
  grids: false,
};

/**
 * The layer control (spec 002 'Map screens'): base layers (the configured tiles or the offline coastline),
 * overlays, the project's geometries and the zone's 2D statistics maps.
 */
export function LayersPanel({
  base,
  onBase,
  tileLayers,
  tilesUnreachable,
  overlays,
  onOverlay,
  buoyCount,
  gridsOffered,
  gridNodesFailed,
  geometries,
  hiddenGeometries,
  onGeometry,
  onManageGeometries,
  stat2d,
  activeStat2d,
  onStat2d,
  tilesAvailable,
}: {
  base: BaseLayerName;
  onBase: (base: BaseLayerName) => void;
  tileLayers: TileLayerConfig[];
  tilesUnreachable: boolean;
  overlays: Overlays;
  onOverlay: (overlay: keyof Overlays, on: boolean) => void;
  buoyCount: number;
  /** Whether a zone is there whose dataset nodes the Grids overlay can show. */
  gridsOffered: boolean;
  gridNodesFailed: boolean;
  geometries: ProjectGeometry[];
  hiddenGeometries: ReadonlySet<number>;
  onGeometry: (id: number, shown: boolean) => void;
  onManageGeometries?: () => void;
  stat2d: Stat2dMap | null | undefined;
  activeStat2d: ReadonlySet<number>;
  onStat2d: (id: number, on: boolean) => void;
  /** Whether the zone has 2D statistics tiles at all; otherwise 'layers not available'. */
  tilesAvailable: boolean;
}) {
  return (
    <Paper
      elevation={2}
      sx={{ p: 1.5, width: 230, maxHeight: 420, overflowY: 'auto' }}
      aria-label="Map layers"
      role="region"
    >
      <Typography variant="overline">Base layers</Typography>
      <RadioGroup value={base} onChange={(event) => onBase(event.target.value as BaseLayerName)}>
        {baseLayerNames.map((name) => {
          const configured = tileLayers.some((tile) => tile.name === name);
          return (
            <FormControlLabel
              key={name}
              value={name}
              disabled={!configured}
              control={<Radio size="small" />}
              label={<Typography variant="body2">{name}</Typography>}
            />
          );
        })}
        <FormControlLabel
          value={coastlineLayerName}
          control={<Radio size="small" />}
          label={<Typography variant="body2">{coastlineLayerName}</Typography>}
        />
      </RadioGroup>
      {tileLayers.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          No tile service is configured: the offline coastline is shown.
        </Typography>
      )}
      {tilesUnreachable && (
        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
          The tile service cannot be reached: showing the offline coastline.
        </Typography>
      )}
      <Divider sx={{ my: 1 }} />
      <Typography variant="overline">Overlays</Typography>
      {(
        [
          ['area', 'Area'],
          ['points', 'Points'],
          ['graticule', 'Graticule'],
          ['places', 'Place names'],
        ] as const
      ).map(([key, label]) => (
        <FormControlLabel
          key={key}
          sx={{ display: 'flex' }}
          control={
            <Checkbox checked={overlays[key]} onChange={(event) => onOverlay(key, event.target.checked)} />
          }
          label={<Typography variant="body2">{label}</Typography>}
        />
      ))}
      <MuiTooltip title={buoyCount === 0 ? 'No measuring buoy in this area' : ''} placement="left">
        <FormControlLabel
          sx={{ display: 'flex' }}
          disabled={buoyCount === 0}
          control={
            <Checkbox
              checked={overlays.buoys && buoyCount > 0}
              onChange={(event) => onOverlay('buoys', event.target.checked)}
            />
          }
          label={<Typography variant="body2">Buoys{buoyCount > 0 ? ` (${buoyCount})` : ''}</Typography>}
        />
      </MuiTooltip>
      {gridsOffered && (
        <MuiTooltip title="The nodes of the datasets serving this zone" placement="left" describeChild>
          <FormControlLabel
            sx={{ display: 'flex' }}
            control={
              <Checkbox
                checked={overlays.grids}
                onChange={(event) => onOverlay('grids', event.target.checked)}
              />
            }
            label={<Typography variant="body2">Grids</Typography>}
          />
        </MuiTooltip>
      )}
      {gridNodesFailed && (
        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
          The grid nodes could not be loaded
        </Typography>
      )}
      <Divider sx={{ my: 1 }} />
      <Typography variant="overline">Geometries</Typography>
      {geometries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          no geometry uploaded
        </Typography>
      ) : (
        geometries.map((geometry) => (
          <FormControlLabel
            key={geometry.id}
            sx={{ display: 'flex' }}
            control={
              <Checkbox
                checked={!hiddenGeometries.has(geometry.id)}
                onChange={(event) => onGeometry(geometry.id, event.target.checked)}
              />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                <Box
                  component="span"
                  sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: geometry.color }}
                />
                <Typography variant="body2" noWrap sx={{ maxWidth: 150 }}>
                  {geometry.name}
                </Typography>
              </Box>
            }
          />
        ))
      )}
      {onManageGeometries && (
        <Button size="small" onClick={onManageGeometries} sx={{ mt: 0.5 }}>
          manage geometries
        </Button>
      )}
      <Divider sx={{ my: 1 }} />
      <Typography variant="overline">Maps</Typography>
      {stat2d?.status === 'available' &&
        stat2d.groups.map((group) => (
          <Box key={group.name} role="group" aria-label={group.name}>
            <Typography variant="caption" sx={{ fontWeight: 600, display: 'block', mt: 0.5 }}>
              {group.name}
            </Typography>
            {group.layers.map((layer) => (
              <FormControlLabel
                key={layer.id}
                sx={{ display: 'flex' }}
                control={
                  <Checkbox
                    checked={activeStat2d.has(layer.id)}
                    onChange={(event) => onStat2d(layer.id, event.target.checked)}
                  />
                }
                label={<Typography variant="body2">{layer.name}</Typography>}
              />
            ))}
          </Box>
        ))}
      {!tilesAvailable && (
        <Typography variant="body2" color="text.secondary">
          layers not available
        </Typography>
      )}
      {stat2d && stat2d.status !== 'available' && stat2d.message && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {stat2d.message}
        </Typography>
      )}
    </Paper>
  );
}
