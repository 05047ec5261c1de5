// The one map of the app (spec 002 'Map screens'): offline coastline under configured tile layers, the work
// zone, points coloured by state, click-to-add inside the zone, lat/lng readout, graticule, distance
// measuring and place search. Loaded lazily (see LazyMap) so Leaflet never weighs on the first page.
// This file composes: what is drawn on the map lives in layers/, what floats over it in controls/.
import 'leaflet/dist/leaflet.css';
import { useState, type ReactNode } from 'react';
import type L from 'leaflet';
import { MapContainer, ZoomControl } from 'react-leaflet';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import MuiTooltip from '@mui/material/Tooltip';
import LayersIcon from '@mui/icons-material/Layers';
import { projectMessages } from '@metocean/contracts';
import { coastlineLayerName, defaultBaseLayer, mapDefaults, type BaseLayerName } from './config';
import { outsideZoneMessage, type LatLng } from './geo';
import type { MetoceanMapProps } from './types';
import { useMapConfig, useZoneNodes } from './queries';
import { BuoyMarkers } from './layers/BuoyMarkers';
import { Coastline } from './layers/Coastline';
import { FitView } from './layers/FitView';
import { GeometryLayers } from './layers/GeometryLayers';
import { Graticule } from './layers/Graticule';
import { GridNodes, ViewBox } from './layers/GridNodes';
import { MapEvents, MapHandle } from './layers/MapEvents';
import { MeasurePaths } from './layers/MeasurePaths';
import { PlaceLabels } from './layers/PlaceLabels';
import { DraftMarker, PointMarkers } from './layers/PointMarkers';
import { Stat2dTiles } from './layers/Stat2dTiles';
import { Tiles } from './layers/Tiles';
import { ZoneOutlines } from './layers/ZoneOutlines';
import { ColourBars } from './controls/ColourBars';
import { CoordinateReadout } from './controls/CoordinateReadout';
import { DraftPopup } from './controls/DraftPopup';
import { LayersPanel, initialOverlays, type Overlays } from './controls/LayersPanel';
import { LegendPanel } from './controls/LegendPanel';
import { MeasureTool } from './controls/MeasureTool';
import { PlaceSearch } from './controls/PlaceSearch';
import { useMeasure } from './controls/useMeasure';

const seaColour = '#cfe0ee';

/** A copy of the set with `id` in it or not. */
function withMember(set: ReadonlySet<number>, id: number, member: boolean): Set<number> {
  const next = new Set(set);
  if (member) next.add(id);
  else next.delete(id);
  return next;
}

export default function MetoceanMap({
  zone,
  otherZones = [],
  points,
  height = 480,
  onAddPoint,
  onOutsideZone,
  onPointClick,
  draft,
  onDraftClose,
  children,
  compact = false,
  hasTileGeometries = false,
  geometries = [],
  onManageGeometries,
  stat2d,
  buoys = [],
  onBuoyClick,
  overlaysOn = [],
  fitRequest = 0,
}: MetoceanMapProps & { children?: ReactNode }) {
  const config = useMapConfig();
  const tileLayers = config.data?.tileLayers ?? [];
  const geocoderUrl = config.data?.geocoderUrl ?? '';
  const [activeStat2d, setActiveStat2d] = useState<Set<number>>(new Set());
  const [colourbarOpen, setColourbarOpen] = useState(false);
  const stat2dLayers = stat2d?.status === 'available' ? stat2d.groups.flatMap((g) => g.layers) : [];
  const shownStat2d = stat2dLayers.filter((layer) => activeStat2d.has(layer.id));
  const tilesAvailable = hasTileGeometries || stat2dLayers.length > 0;
  const [hiddenGeometries, setHiddenGeometries] = useState<Set<number>>(new Set());
  const shownGeometries = geometries.filter((g) => !hiddenGeometries.has(g.id));
  const [map, setMap] = useState<L.Map | null>(null);
  const [baseChoice, setBase] = useState<BaseLayerName | null>(null);
  const base = baseChoice ?? defaultBaseLayer(tileLayers);
  const [tilesUnreachable, setTilesUnreachable] = useState(false);
  const [overlays, setOverlays] = useState<Overlays>(() => ({
    ...initialOverlays,
    ...Object.fromEntries(overlaysOn.map((name) => [name, true])),
  }));
  // The zone whose dataset nodes the Grids overlay shows: the work zone, or the one zone outlined.
  const gridZone = zone ?? (otherZones.length === 1 ? otherZones[0] : undefined);
  const [viewBox, setViewBox] = useState<string | null>(null);
  const gridsOn = overlays.grids && gridZone !== undefined;
  const nodes = useZoneNodes(gridsOn ? gridZone.id : undefined, gridsOn ? viewBox : null);
  const shownNodes = gridsOn && nodes.data?.zone === gridZone.id ? nodes.data : undefined;
  const [layersOpen, setLayersOpen] = useState(false);
  const [legendOpen, setLegendOpen] = useState(false);
  const measure = useMeasure();

  const handleClick = (position: LatLng) => {
    if (measure.measuring) {
      measure.addVertex(position);
      return;
    }
    if (!onAddPoint) return;
    if (zone) {
      const message = outsideZoneMessage(zone, position, projectMessages);
      if (message) {
        onOutsideZone?.(message);
        return;
      }
    }
    onAddPoint(position);
  };

  return (
    <Box
      data-testid="map"
      sx={{
        position: 'relative',
        height,
        width: '100%',
        '& .leaflet-container': {
          background: seaColour,
          cursor: measure.measuring ? 'crosshair' : undefined,
        },
        '& .graticule-label': {
          fontSize: 10,
          color: '#3c4652',
          whiteSpace: 'nowrap',
          textShadow: '0 0 2px #fff, 0 0 2px #fff',
        },
        '& .place-label': { whiteSpace: 'nowrap', pointerEvents: 'none' },
        '& .place-sea': {
          fontSize: 12,
          fontStyle: 'italic',
          letterSpacing: '0.04em',
          color: '#2b5d8a',
          transform: 'translate(-50%, -50%)',
          textShadow: '0 0 3px #cfe0ee, 0 0 3px #cfe0ee',
        },
        '& .place-town': {
          fontSize: 11,
          color: '#38424d',
          textShadow: '0 0 2px #fff, 0 0 2px #fff',
          '&::before': {
            content: '""',
            display: 'inline-block',
            width: 5,
            height: 5,
            borderRadius: '50%',
            background: '#38424d',
            marginRight: '3px',
            verticalAlign: 'middle',
            transform: 'translate(-2.5px, -1px)',
          },
        },
        '& .graticule-lat': { marginTop: '-14px !important', marginLeft: '4px !important' },
        '& .graticule-lng': { marginTop: '-16px !important', marginLeft: '3px !important' },
      }}
    >
      <MapContainer
        center={[mapDefaults.center.lat, mapDefaults.center.lng]}
        zoom={mapDefaults.zoom}
        minZoom={mapDefaults.minZoom}
        maxZoom={mapDefaults.maxZoom}
        maxBounds={[
          [-90, -180],
          [90, 180],
        ]}
        maxBoundsViscosity={1}
        worldCopyJump={false}
        zoomControl={false}
        doubleClickZoom={!measure.measuring}
        style={{ height: '100%', width: '100%' }}
      >
        <MapHandle onReady={setMap} />
        <ZoomControl position="bottomright" />
        <Coastline />
        {base !== coastlineLayerName && (
          <Tiles
            layer={tileLayers.find((tile) => tile.name === base)}
            onUnreachable={() => {
              setBase(coastlineLayerName);
              setTilesUnreachable(true);
            }}
          />
        )}
        <FitView zone={zone} points={points} fitRequest={fitRequest} />
        {overlays.graticule && <Graticule />}
        {overlays.places && <PlaceLabels />}
        {overlays.area && <ZoneOutlines zone={zone} otherZones={otherZones} />}
        <Stat2dTiles layers={shownStat2d} />
        {gridsOn && <ViewBox onChange={setViewBox} />}
        <GridNodes shown={gridsOn} data={shownNodes} />
        <GeometryLayers geometries={shownGeometries} />
        {overlays.buoys && <BuoyMarkers buoys={buoys} onClick={onBuoyClick} />}
        {overlays.points && <PointMarkers points={points} onPointClick={onPointClick} />}
        <MeasurePaths measures={measure.measures} />
        {draft && <DraftMarker lat={draft.lat} lng={draft.lng} />}
        <MapEvents onClick={handleClick} />
        {children}
      </MapContainer>

      {map && draft && <DraftPopup map={map} draft={draft} onClose={onDraftClose} />}
      {!compact && (
        <Box sx={{ position: 'absolute', top: 10, left: 10, zIndex: 1000, display: 'grid', gap: 1 }}>
          <PlaceSearch map={map} geocoderUrl={geocoderUrl} />
          <MeasureTool measure={measure} />
        </Box>
      )}

      {!compact && (
        <Box
          sx={{
            position: 'absolute',
            top: 10,
            right: 10,
            zIndex: 1000,
            display: 'grid',
            gap: 1,
            justifyItems: 'end',
          }}
        >
          <Paper elevation={2} sx={{ display: 'flex' }}>
            <MuiTooltip title="Layers">
              <IconButton aria-label="Layers" onClick={() => setLayersOpen((open) => !open)}>
                <LayersIcon />
              </IconButton>
            </MuiTooltip>
            <Button size="small" onClick={() => setLegendOpen((open) => !open)}>
              {legendOpen ? 'Hide Legends' : 'Show Legends'}
            </Button>
            {stat2dLayers.length > 0 && (
              <Button size="small" onClick={() => setColourbarOpen((open) => !open)}>
                {colourbarOpen ? 'Hide Colorbar' : 'Show Colorbar'}
              </Button>
            )}
          </Paper>
          {layersOpen && (
            <LayersPanel
              base={base}
              onBase={setBase}
              tileLayers={tileLayers}
              tilesUnreachable={tilesUnreachable}
              overlays={overlays}
              onOverlay={(overlay, on) => setOverlays((shown) => ({ ...shown, [overlay]: on }))}
              buoyCount={buoys.length}
              gridsOffered={gridZone !== undefined}
              gridNodesFailed={gridsOn && nodes.isError}
              geometries={geometries}
              hiddenGeometries={hiddenGeometries}
              onGeometry={(id, shown) => setHiddenGeometries((set) => withMember(set, id, !shown))}
              onManageGeometries={onManageGeometries}
              stat2d={stat2d}
              activeStat2d={activeStat2d}
              onStat2d={(id, on) => {
                setActiveStat2d((set) => withMember(set, id, on));
                if (on) setColourbarOpen(true);
              }}
              tilesAvailable={tilesAvailable}
            />
          )}
          {colourbarOpen && stat2dLayers.length > 0 && <ColourBars layers={shownStat2d} />}
          {legendOpen && (
            <LegendPanel
              area={overlays.area ? (zone ?? null) : null}
              buoys={overlays.buoys && buoys.length > 0}
              stat2d={shownStat2d}
              nodes={shownNodes}
              geometries={shownGeometries}
            />
          )}
        </Box>
      )}

      <CoordinateReadout map={map} compact={compact} />
    </Box>
  );
}
