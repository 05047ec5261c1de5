// The one map of the app (spec 002 'Map screens'): offline coastline under configured tile layers, the work
// zone, points coloured by state, click-to-add inside the zone, lat/lng readout, graticule, distance
// measuring and place search. Loaded lazily (see LazyMap) so Leaflet never weighs on the first page.
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
import {
  CircleMarker,
  GeoJSON,
  MapContainer,
  Marker,
  Pane,
  Polyline,
  TileLayer,
  Tooltip,
  ZoomControl,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Tooltip2 from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LayersIcon from '@mui/icons-material/Layers';
import StraightenIcon from '@mui/icons-material/Straighten';
import { projectMessages } from '@metocean/contracts';
import {
  baseLayerNames,
  coastlineLayerName,
  defaultBaseLayer,
  mapDefaults,
  pointColours,
  type BaseLayerName,
  type TileLayerConfig,
} from './config';
import { loadCoastline, type Land } from './coastline';
import { searchPlaces, placeSearch, type Place } from './gazetteer';
import {
  formatDegrees,
  formatDegreesMinutes,
  formatKm,
  geometryVertices,
  outsideZoneMessage,
  pathLengthKm,
  type LatLng,
} from './geo';
import { graticuleLabel, graticuleStep, graticuleValues } from './graticule';
import { drawableFeatures, featureLabel, layerPathStyle } from './geometries';
import type { MetoceanMapProps, MapPoint, MapZone } from './types';
import {
  bboxParam,
  type Buoy,
  type ProjectGeometry,
  type Stat2dLayer,
  type ZoneNodes,
} from '@metocean/contracts';
import { gradientCss, barPercent, sourceLine, swatchColour, tickLabels } from './colourbar';
import { useLayerProperties, useMapConfig, useZoneNodes } from './queries';

const seaColour = '#cfe0ee';
const landStyle: L.PathOptions = { color: '#8a9aa8', weight: 0.8, fillColor: '#eef0ea', fillOpacity: 1 };
const zoneStyle: L.PathOptions = { color: '#0a6ebd', weight: 2, fillColor: '#0a6ebd', fillOpacity: 0.08 };
const otherZoneStyle: L.PathOptions = {
  color: '#13315c',
  weight: 1.5,
  dashArray: '6 4',
  fillOpacity: 0.04,
};

function zoneLatLngBounds(zone: MapZone): L.LatLngBounds {
  const vertices = geometryVertices(zone.geom);
  if (vertices.length === 0) {
    const { northEast, southWest } = zone.bounds;
    return L.latLngBounds([southWest.lat, southWest.lon], [northEast.lat, northEast.lon]);
  }
  return L.latLngBounds(vertices.map(([lng, lat]) => [lat, lng] as [number, number]));
}

/** Fits the view to the zone (or points) with the spec's margin whenever the zone changes. */
function FitView({ zone, points }: { zone: MapZone | null | undefined; points: MapPoint[] }) {
  const map = useMap();
  const zoneId = zone?.id;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const key = zone ? `zone-${zone.id}` : points.length > 0 ? 'points' : 'world';
    if (fitted.current === key) return;
    fitted.current = key;
    if (zone) {
      map.fitBounds(zoneLatLngBounds(zone).pad(mapDefaults.fitMargin));
    } else if (points.length > 0) {
      const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
      map.fitBounds(bounds.pad(mapDefaults.fitMargin), { maxZoom: 8 });
    }
    // Points only matter when there is no zone, and only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, zoneId]);
  return null;
}

function Graticule() {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  const { intervalDegrees, digits } = graticuleStep(view.zoom);
  const south = view.bounds.getSouth();
  const north = view.bounds.getNorth();
  const west = Math.max(view.bounds.getWest(), -180);
  const east = Math.min(view.bounds.getEast(), 180);
  const lats = graticuleValues(south, north, intervalDegrees, 90);
  const lngs = graticuleValues(west, east, intervalDegrees, 180);
  const style: L.PathOptions = { color: '#55606e', weight: 0.6, opacity: 0.55, interactive: false };
  const labelIcon = (text: string, className: string) =>
    L.divIcon({ className: `graticule-label ${className}`, html: text, iconSize: undefined });
  return (
    <Pane name="graticule" style={{ zIndex: 420, pointerEvents: 'none' }}>
      {lats.map((lat) => (
        <Polyline
          key={`lat${lat}`}
          positions={[
            [lat, west],
            [lat, east],
          ]}
          pathOptions={style}
        />
      ))}
      {lngs.map((lng) => (
        <Polyline
          key={`lng${lng}`}
          positions={[
            [Math.max(south, -90), lng],
            [Math.min(north, 90), lng],
          ]}
          pathOptions={style}
        />
      ))}
      {lats.map((lat) => (
        <Marker
          key={`latl${lat}`}
          position={[lat, west]}
          interactive={false}
          icon={labelIcon(graticuleLabel(lat, 'lat', digits), 'graticule-lat')}
        />
      ))}
      {lngs.map((lng) => (
        <Marker
          key={`lngl${lng}`}
          position={[south, lng]}
          interactive={false}
          icon={labelIcon(graticuleLabel(lng, 'lng', digits), 'graticule-lng')}
        />
      ))}
    </Pane>
  );
}

interface Measure {
  id: number;
  path: LatLng[];
}

function MapEvents({
  onClick,
  onMove,
}: {
  onClick: (position: LatLng) => void;
  onMove: (position: LatLng | null) => void;
}) {
  useMapEvents({
    click: (event) => onClick({ lat: event.latlng.lat, lng: event.latlng.lng }),
    mousemove: (event) => onMove({ lat: event.latlng.lat, lng: event.latlng.lng }),
    mouseout: () => onMove(null),
  });
  return null;
}

function MapHandle({ onReady }: { onReady: (map: L.Map) => void }) {
  const map = useMap();
  useEffect(() => onReady(map), [map, onReady]);
  return null;
}

function Coastline() {
  const [land, setLand] = useState<Land | null>(null);
  const renderer = useMemo(() => L.canvas({ pane: 'coastline' }), []);
  useEffect(() => {
    let alive = true;
    loadCoastline()
      .then((data) => alive && setLand(data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Pane name="coastline" style={{ zIndex: 150 }}>
      {land && (
        <GeoJSON
          data={land}
          style={landStyle}
          interactive={false}
          pane="coastline"
          // Leaflet hands GeoJSON options to each polygon: one canvas draws the whole coastline quickly.
          {...({ renderer } as object)}
        />
      )}
    </Pane>
  );
}

/** Configured tiles; after repeated failures with nothing loaded, hands back to the offline coastline. */
function Tiles({ layer, onUnreachable }: { layer: TileLayerConfig | undefined; onUnreachable: () => void }) {
  const counts = useRef({ loaded: 0, failed: 0 });
  if (!layer) return null;
  return (
    <TileLayer
      key={layer.name}
      url={layer.url}
      attribution={layer.attribution}
      noWrap
      eventHandlers={{
        tileload: () => {
          counts.current.loaded += 1;
        },
        tileerror: () => {
          counts.current.failed += 1;
          if (counts.current.failed >= 3 && counts.current.loaded === 0) onUnreachable();
        },
      }}
    />
  );
}

function PlaceSearch({ map, geocoderUrl }: { map: L.Map | null; geocoderUrl: string }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [remote, setRemote] = useState<{ query: string; places: Place[] } | null>(null);
  const q = query.trim();
  const offline = useMemo(() => searchPlaces(q), [q]);
  // A configured geocoder answers asynchronously; until it does (or when it fails) the gazetteer answers.
  const results = geocoderUrl && remote?.query === q ? remote.places : offline;
  useEffect(() => {
    if (!geocoderUrl || q.length < placeSearch.minLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(geocoderUrl.replace('{q}', encodeURIComponent(q)), { signal: controller.signal })
        .then((response) => response.json() as Promise<{ display_name: string; lat: string; lon: string }[]>)
        .then((found) =>
          setRemote({
            query: q,
            places: found.slice(0, placeSearch.maxResults).map((place) => ({
              name: place.display_name,
              country: '',
              kind: 'city',
              lat: Number(place.lat),
              lng: Number(place.lon),
            })),
          }),
        )
        .catch(() => undefined);
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, geocoderUrl]);

  const go = (place: Place) => {
    setOpen(false);
    setQuery(place.name);
    map?.flyTo([place.lat, place.lng], placeSearch.zoom, { duration: 0.6 });
  };

  return (
    <Paper elevation={2} sx={{ width: 260 }} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <TextField
        placeholder="Search a place or port"
        value={query}
        slotProps={{ htmlInput: { 'aria-label': 'Search a place' } }}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && results[0]) go(results[0]);
        }}
      />
      {open && query.trim().length > 0 && (
        <List dense sx={{ maxHeight: 250, overflow: 'auto', py: 0 }} aria-label="Places">
          {query.trim().length < placeSearch.minLength ? (
            <Typography variant="caption" sx={{ px: 1.5, py: 1, display: 'block' }} color="text.secondary">
              Type at least {placeSearch.minLength} characters
            </Typography>
          ) : results.length === 0 ? (
            <Typography variant="caption" sx={{ px: 1.5, py: 1, display: 'block' }} color="text.secondary">
              No place found
            </Typography>
          ) : (
            results.map((place) => (
              <ListItemButton key={`${place.name}${place.lat}`} onClick={() => go(place)}>
                <ListItemText primary={place.name} secondary={place.country || undefined} />
              </ListItemButton>
            ))
          )}
        </List>
      )}
    </Paper>
  );
}

/**
 * The popup of a new point (its name form), drawn by React over the map at the clicked position rather than
 * inside a Leaflet popup: Leaflet's own popup swallowed pointer clicks on its buttons.
 */
function DraftPopup({
  map,
  draft,
  onClose,
}: {
  map: L.Map;
  draft: { lat: number; lng: number; content: ReactNode };
  onClose?: () => void;
}) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const redraw = () => setTick((tick) => tick + 1);
    map.on('move zoom resize', redraw);
    return () => {
      map.off('move zoom resize', redraw);
    };
  }, [map]);
  const at = map.latLngToContainerPoint([draft.lat, draft.lng]);
  return (
    <Paper
      elevation={4}
      role="dialog"
      aria-label="New point"
      onKeyDown={(event) => event.key === 'Escape' && onClose?.()}
      sx={{
        position: 'absolute',
        zIndex: 1100,
        left: at.x,
        top: at.y,
        // Above the point, centred on it, with a small tip (spec 000 §9 popup offsets, x -5).
        transform: 'translate(calc(-50% - 5px), calc(-100% - 14px))',
        p: 1.5,
        '&::after': {
          content: '""',
          position: 'absolute',
          left: 'calc(50% + 5px)',
          bottom: -8,
          transform: 'translateX(-50%)',
          borderLeft: '8px solid transparent',
          borderRight: '8px solid transparent',
          borderTop: '8px solid #fff',
        },
      }}
    >
      {draft.content}
    </Paper>
  );
}

/** The uploaded geometries, each layer in its colour and drawn by its type (markers, lines, areas). */
function GeometryLayers({ geometries }: { geometries: ProjectGeometry[] }) {
  return (
    <Pane name="geometries" style={{ zIndex: 410 }}>
      {geometries.flatMap((geometry) =>
        geometry.layers.map((layer) => (
          <GeoJSON
            // GeoJSON data and style are read once: a new colour or type mounts a new layer.
            key={`${geometry.id}-${layer.id}-${layer.type}-${layer.color}`}
            data={drawableFeatures(layer) as GeoJSON.FeatureCollection}
            pane="geometries"
            style={() => layerPathStyle(layer)}
            pointToLayer={(_feature, latlng) =>
              L.circleMarker(latlng, {
                pane: 'geometries',
                radius: 5,
                color: '#ffffff',
                weight: 1.5,
                fillColor: layer.color,
                fillOpacity: 1,
              })
            }
            onEachFeature={(feature, leafletLayer) => {
              const label = featureLabel(feature.properties as Record<string, unknown> | null);
              leafletLayer.bindTooltip(label ? `${label} · ${geometry.name}` : geometry.name, {
                sticky: true,
              });
            }}
          />
        )),
      )}
    </Pane>
  );
}

/** The shown 2D statistics layers: signed slippy tiles, only where the layer has data. */
function Stat2dTiles({ layers }: { layers: Stat2dLayer[] }) {
  return (
    <Pane name="stat2d" style={{ zIndex: 350 }}>
      {layers.map((layer) => (
        <TileLayer
          key={layer.id}
          pane="stat2d"
          url={layer.tilesPath}
          opacity={0.8}
          noWrap
          minNativeZoom={layer.minZoom}
          maxNativeZoom={layer.maxNativeZoom}
          bounds={L.latLngBounds(
            [layer.bounds.south, layer.bounds.west],
            [layer.bounds.north, layer.bounds.east],
          )}
        />
      ))}
    </Pane>
  );
}

/** 'Show Colorbar' (spec 002): each shown layer's colour bar with its ticks, units and 'Source:' line. */
function ColourBars({ layers }: { layers: Stat2dLayer[] }) {
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

const buoyColour = '#f0e442';

/** Measuring buoys: square markers, their station, provider and sensors in the tooltip. */
function BuoyMarkers({ buoys }: { buoys: Buoy[] }) {
  return (
    <>
      {buoys.map((buoy) => (
        <Marker
          key={buoy.id}
          position={[buoy.latitude, buoy.longitude]}
          icon={L.divIcon({
            className: 'buoy-marker',
            html: `<span style="display:block;width:10px;height:10px;transform:rotate(45deg);background:${buoyColour};border:1.5px solid #13315c"></span>`,
            iconSize: [13, 13],
            iconAnchor: [6.5, 6.5],
          })}
        >
          <Tooltip direction="top" offset={[0, -6]}>
            Buoy {buoy.code} · {buoy.name} ({buoy.provider})
            {buoy.sensors.length > 0 ? ` · ${buoy.sensors.join(', ')}` : ''}
          </Tooltip>
        </Marker>
      ))}
    </>
  );
}

/** Grid nodes: real records' nodes dark and a little larger, the synthetic hindcast's light. */
const nodeStyles = {
  real: { radius: 3.5, color: '#7a2e00', fillColor: '#d55e00' },
  synthetic: { radius: 1.8, color: '#13315c', fillColor: '#13315c' },
} as const;
const nodeStyleOf = (synthetic: boolean) => (synthetic ? nodeStyles.synthetic : nodeStyles.real);

/** Ordinal for the legend's thinning note: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The map's view as a `bbox` parameter, set when shown and 300 ms after the last move (Grids overlay). */
function ViewBox({ onChange }: { onChange: (bbox: string) => void }) {
  const map = useMap();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const boxOf = () => {
    const bounds = map.getBounds();
    return bboxParam({
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
    });
  };
  useEffect(() => {
    onChange(boxOf());
    return () => clearTimeout(timer.current);
    // Once when the overlay is switched on; moves are followed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  useMapEvents({
    moveend: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onChange(boxOf()), 300);
    },
  });
  return null;
}

/**
 * The Grids overlay: every node the view holds (or every N-th), small non-interactive circles on one canvas,
 * so thousands draw at once and clicks still reach the map (to add a point on a node).
 */
function GridNodes({ data }: { data: ZoneNodes | undefined }) {
  const map = useMap();
  const renderer = useMemo(() => L.canvas({ pane: 'grid-nodes', padding: 0.2 }), []);
  useEffect(() => {
    if (!data) return;
    const group = L.layerGroup();
    for (const dataset of data.datasets) {
      const style = nodeStyleOf(dataset.synthetic);
      for (const [lat, lon] of dataset.nodes)
        L.circleMarker([lat, lon], {
          renderer,
          pane: 'grid-nodes',
          interactive: false,
          radius: style.radius,
          weight: 0.6,
          color: style.color,
          opacity: 0.7,
          fillColor: style.fillColor,
          fillOpacity: 0.55,
        }).addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, data, renderer]);
  // After the nodes (effects are cleaned up in order): the overlay switched off leaves no empty canvas.
  useEffect(
    () => () => {
      renderer.remove();
    },
    [renderer],
  );
  return null;
}

function pointColour(point: MapPoint): string {
  return point.selected ? pointColours.selected : pointColours[point.state];
}

const legendEntries = [
  { label: 'New point', colour: pointColours.new },
  { label: 'Point to compute', colour: pointColours.pending },
  { label: 'Computed', colour: pointColours.computed },
  { label: 'Satellite validated', colour: pointColours.validated },
  { label: 'Selected', colour: pointColours.selected },
];

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
  const [overlays, setOverlays] = useState({
    area: true,
    points: true,
    graticule: true,
    buoys: false,
    grids: false,
  });
  // The zone whose dataset nodes the Grids overlay shows: the work zone, or the one zone outlined.
  const gridZone = zone ?? (otherZones.length === 1 ? otherZones[0] : undefined);
  const [viewBox, setViewBox] = useState<string | null>(null);
  const gridsOn = overlays.grids && gridZone !== undefined;
  const nodes = useZoneNodes(gridsOn ? gridZone.id : undefined, gridsOn ? viewBox : null);
  const shownNodes = gridsOn && nodes.data?.zone === gridZone.id ? nodes.data : undefined;
  const [layersOpen, setLayersOpen] = useState(false);
  const [legendOpen, setLegendOpen] = useState(false);
  // The legend's swatches read the same property files as the colour bars (cached once per file).
  const legendProperties = useLayerProperties(legendOpen ? shownStat2d : []);
  const [cursor, setCursor] = useState<LatLng | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const [measures, setMeasures] = useState<Measure[]>([]);
  const current = measuring ? measures.at(-1) : undefined;

  const handleClick = (position: LatLng) => {
    if (measuring) {
      setMeasures((list) => {
        const last = list.at(-1);
        if (!last) return [{ id: 1, path: [position] }];
        return [...list.slice(0, -1), { ...last, path: [...last.path, position] }];
      });
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

  const startMeasure = () => {
    setMeasuring(true);
    setMeasures((list) => [...list, { id: (list.at(-1)?.id ?? 0) + 1, path: [] }]);
  };
  const stopMeasure = () => {
    setMeasuring(false);
    setMeasures((list) => list.filter((measure) => measure.path.length > 1));
  };
  const totalKm = current ? pathLengthKm(current.path) : 0;

  return (
    <Box
      data-testid="map"
      sx={{
        position: 'relative',
        height,
        width: '100%',
        '& .leaflet-container': { background: seaColour, cursor: measuring ? 'crosshair' : undefined },
        '& .graticule-label': {
          fontSize: 10,
          color: '#3c4652',
          whiteSpace: 'nowrap',
          textShadow: '0 0 2px #fff, 0 0 2px #fff',
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
        doubleClickZoom={!measuring}
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
        <FitView zone={zone} points={points} />
        {overlays.graticule && <Graticule />}
        {overlays.area &&
          otherZones.map((other) => (
            <GeoJSON key={`other-${other.id}`} data={other.geom} style={otherZoneStyle} interactive={false} />
          ))}
        {overlays.area && zone && (
          <GeoJSON key={`zone-${zone.id}`} data={zone.geom} style={zoneStyle} interactive={false} />
        )}
        <Stat2dTiles layers={shownStat2d} />
        {gridsOn && <ViewBox onChange={setViewBox} />}
        <Pane name="grid-nodes" style={{ zIndex: 380, pointerEvents: 'none' }}>
          {gridsOn && <GridNodes data={shownNodes} />}
        </Pane>
        <GeometryLayers geometries={shownGeometries} />
        {overlays.buoys && <BuoyMarkers buoys={buoys} />}
        {overlays.points &&
          points.map((point) => (
            <CircleMarker
              key={point.id}
              center={[point.lat, point.lng]}
              radius={point.selected ? 9 : 7}
              bubblingMouseEvents={false}
              pathOptions={{
                color: '#ffffff',
                weight: 2,
                fillColor: pointColour(point),
                fillOpacity: 1,
                dashArray: point.state === 'new' ? '3 2' : undefined,
              }}
              eventHandlers={{ click: () => onPointClick?.(point.id) }}
            >
              <Tooltip direction="top" offset={[0, -8]}>
                {point.name}
              </Tooltip>
            </CircleMarker>
          ))}
        {measures.map((measure) => (
          <Polyline
            key={`measure-${measure.id}`}
            positions={measure.path.map((p) => [p.lat, p.lng] as [number, number])}
            pathOptions={{ color: '#d55e00', weight: 2.5, dashArray: '6 4', interactive: false }}
          />
        ))}
        {measures.flatMap((measure) =>
          measure.path.map((p, index) => (
            <CircleMarker
              key={`mv-${measure.id}-${index}`}
              center={[p.lat, p.lng]}
              radius={3}
              interactive={false}
              pathOptions={{ color: '#d55e00', fillColor: '#d55e00', fillOpacity: 1 }}
            />
          )),
        )}
        {draft && (
          <CircleMarker
            center={[draft.lat, draft.lng]}
            radius={7}
            interactive={false}
            pathOptions={{
              color: '#ffffff',
              weight: 2,
              fillColor: pointColours.new,
              fillOpacity: 1,
              dashArray: '3 2',
            }}
          />
        )}
        <MapEvents onClick={handleClick} onMove={setCursor} />
        {children}
      </MapContainer>

      {map && draft && <DraftPopup map={map} draft={draft} onClose={onDraftClose} />}
      {!compact && (
        <Box sx={{ position: 'absolute', top: 10, left: 10, zIndex: 1000, display: 'grid', gap: 1 }}>
          <PlaceSearch map={map} geocoderUrl={geocoderUrl} />
          <Paper
            elevation={2}
            sx={{ p: 0.5, display: 'flex', gap: 0.5, alignItems: 'center', width: 'fit-content' }}
          >
            <Tooltip2 title={measuring ? 'Finish the measure' : 'Measure a distance'}>
              <Button
                size="small"
                variant={measuring ? 'contained' : 'text'}
                startIcon={<StraightenIcon />}
                onClick={measuring ? stopMeasure : startMeasure}
              >
                {measuring ? 'Finish measure' : 'Measure'}
              </Button>
            </Tooltip2>
            {measures.length > 0 && (
              <Button
                size="small"
                onClick={() => {
                  setMeasures([]);
                  setMeasuring(false);
                }}
              >
                Hide measures
              </Button>
            )}
            {(measuring || measures.length > 0) && (
              <Typography
                variant="body2"
                data-testid="measure-total"
                sx={{ px: 1, fontVariantNumeric: 'tabular-nums' }}
              >
                {formatKm(measuring ? totalKm : pathLengthKm(measures.at(-1)?.path ?? []))}
              </Typography>
            )}
          </Paper>
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
            <Tooltip2 title="Layers">
              <IconButton aria-label="Layers" onClick={() => setLayersOpen((open) => !open)}>
                <LayersIcon />
              </IconButton>
            </Tooltip2>
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
            <Paper
              elevation={2}
              sx={{ p: 1.5, width: 230, maxHeight: 420, overflowY: 'auto' }}
              aria-label="Map layers"
              role="region"
            >
              <Typography variant="overline">Base layers</Typography>
              <RadioGroup value={base} onChange={(event) => setBase(event.target.value as BaseLayerName)}>
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
                ] as const
              ).map(([key, label]) => (
                <FormControlLabel
                  key={key}
                  sx={{ display: 'flex' }}
                  control={
                    <Checkbox
                      checked={overlays[key]}
                      onChange={(event) => setOverlays((o) => ({ ...o, [key]: event.target.checked }))}
                    />
                  }
                  label={<Typography variant="body2">{label}</Typography>}
                />
              ))}
              <Tooltip2 title={buoys.length === 0 ? 'No measuring buoy in this area' : ''} placement="left">
                <FormControlLabel
                  sx={{ display: 'flex' }}
                  disabled={buoys.length === 0}
                  control={
                    <Checkbox
                      checked={overlays.buoys && buoys.length > 0}
                      onChange={(event) => setOverlays((o) => ({ ...o, buoys: event.target.checked }))}
                    />
                  }
                  label={
                    <Typography variant="body2">
                      Buoys{buoys.length > 0 ? ` (${buoys.length})` : ''}
                    </Typography>
                  }
                />
              </Tooltip2>
              {gridZone && (
                <Tooltip2 title="The nodes of the datasets serving this zone" placement="left" describeChild>
                  <FormControlLabel
                    sx={{ display: 'flex' }}
                    control={
                      <Checkbox
                        checked={overlays.grids}
                        onChange={(event) => setOverlays((o) => ({ ...o, grids: event.target.checked }))}
                      />
                    }
                    label={<Typography variant="body2">Grids</Typography>}
                  />
                </Tooltip2>
              )}
              {gridsOn && nodes.isError && (
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
                        onChange={(event) =>
                          setHiddenGeometries((set) => {
                            const next = new Set(set);
                            if (event.target.checked) next.delete(geometry.id);
                            else next.add(geometry.id);
                            return next;
                          })
                        }
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
                            onChange={(event) => {
                              const on = event.target.checked;
                              setActiveStat2d((set) => {
                                const next = new Set(set);
                                if (on) next.add(layer.id);
                                else next.delete(layer.id);
                                return next;
                              });
                              if (on) setColourbarOpen(true);
                            }}
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
          )}
          {colourbarOpen && stat2dLayers.length > 0 && <ColourBars layers={shownStat2d} />}
          {legendOpen && (
            <Paper
              elevation={2}
              sx={{ p: 1.5, width: 200, maxHeight: 260, overflowY: 'auto' }}
              aria-label="Legend"
              role="region"
            >
              {legendEntries.map((entry) => (
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
              {overlays.area && zone && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
                  <Box
                    sx={{
                      width: 14,
                      height: 10,
                      border: '2px solid #0a6ebd',
                      bgcolor: 'rgba(10,110,189,.08)',
                    }}
                  />
                  <Typography variant="body2">Area: {zone.name}</Typography>
                </Box>
              )}
              {overlays.buoys && buoys.length > 0 && (
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
              {shownStat2d.map((layer, index) => (
                <Box
                  key={`stat2d-${layer.id}`}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
                >
                  <Box
                    data-testid="stat2d-swatch"
                    sx={{
                      width: 14,
                      height: 10,
                      flex: 'none',
                      // The middle of the layer's colour bar; neutral until its property file is read.
                      bgcolor: (() => {
                        const props = legendProperties[index]?.data;
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
              {shownNodes?.datasets
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
                          every {ordinal(dataset.spacing)} node shown ({dataset.total.toLocaleString('en')} in
                          view)
                        </Typography>
                      )}
                    </Box>
                  );
                })}
              {shownGeometries.flatMap((geometry) =>
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
          )}
        </Box>
      )}

      <Paper
        elevation={1}
        data-testid="map-readout"
        sx={{
          position: 'absolute',
          left: 10,
          bottom: 10,
          zIndex: 1000,
          px: 1,
          py: 0.25,
          fontSize: 12,
          fontVariantNumeric: 'tabular-nums',
          bgcolor: 'rgba(255,255,255,.88)',
          display: compact && !cursor ? 'none' : undefined,
        }}
      >
        {cursor ? (
          <>
            Lat {formatDegrees(cursor.lat, mapDefaults.readoutDigits)} · Lng{' '}
            {formatDegrees(cursor.lng, mapDefaults.readoutDigits)}
            {!compact && (
              <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                {formatDegreesMinutes(cursor.lat, 'lat')} {formatDegreesMinutes(cursor.lng, 'lng')}
              </Box>
            )}
          </>
        ) : (
          'Move over the map to read coordinates'
        )}
      </Paper>
    </Box>
  );
}
