import type { ReactNode } from 'react';
import type { Bounds, Buoy, ProjectGeometry, Stat2dMap } from '@metocean/contracts';
import type { PointState } from './config';
import type { PolygonGeometry } from './geo';

export interface MapZone {
  id: number;
  name: string;
  bounds: Bounds;
  geom: PolygonGeometry;
}

export interface MapPoint {
  id: number | string;
  name: string;
  lat: number;
  lng: number;
  state: PointState;
  selected?: boolean;
  /** "Same data node as QUAY (…)": the point reads the series of other points (issue 30); ringed on the map. */
  sameNode?: string | null;
}

export interface MetoceanMapProps {
  /** The work zone: drawn, fitted with the spec's margin, and the only place where clicks add points. */
  zone?: MapZone | null;
  /** Other zones drawn dashed (the matching zones of the new-project flow). */
  otherZones?: MapZone[];
  points: MapPoint[];
  height?: number | string;
  /** Click-to-add; absent for a read-only map (a running project). */
  onAddPoint?: (position: { lat: number; lng: number }) => void;
  /** A click outside the zone, with the spec's message. */
  onOutsideZone?: (message: string) => void;
  onPointClick?: (id: MapPoint['id']) => void;
  /** A popup at a position (the point-name form). */
  draft?: { lat: number; lng: number; content: ReactNode } | null;
  onDraftClose?: () => void;
  /** Without search, measure and layer controls (the card previews and small maps). */
  compact?: boolean;
  /** Whether the zone has Stat2D tile geometries; otherwise 'layers not available'. */
  hasTileGeometries?: boolean;
  /** The project's uploaded geometries, drawn with their layers' colours and types. */
  geometries?: ProjectGeometry[];
  /** Opens the geometry management dialog (the layers panel's 'manage geometries' button). */
  onManageGeometries?: () => void;
  /** The zone's 2D statistics maps (GET /api/stat2Ds/): variable layers, colour bars and 'Source:' lines. */
  stat2d?: Stat2dMap | null;
  /** Measuring buoys to offer as the Buoys overlay. */
  buoys?: Buoy[];
  /** A click on a buoy (the data validation page's comparison). */
  onBuoyClick?: (buoy: Buoy) => void;
  /** Bumped to fit the view to the points again (after an import), with the spec's margin. */
  fitRequest?: number;
  /** Overlays on at first, beside the defaults (the data validation page shows the buoys). */
  overlaysOn?: ('buoys' | 'grids')[];
}
