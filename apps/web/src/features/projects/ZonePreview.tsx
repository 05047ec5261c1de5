import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import type { ProjectListItem } from '@metocean/contracts';
import { clippedPath, type PackedRings } from '../../map/clip';
import { previewLand } from '../../map/previewLand';
import { pointColours } from '../../map/config';
import { geometryVertices } from '../../map/geo';

let sharedLand: PackedRings | null = null;

function useLand() {
  const [land, setLand] = useState(sharedLand);
  useEffect(() => {
    if (land) return;
    let alive = true;
    previewLand()
      .then((rings) => {
        sharedLand = rings;
        if (alive) setLand(rings);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [land]);
  return land;
}

/**
 * The card's map preview (spec 000 §2.3): the zone outline, its points and the coastline in an
 * equirectangular SVG. No Leaflet: a grid of cards stays light and the home page small.
 */
export function ZonePreview({
  project,
  height,
}: {
  /** A project of the list, or a zone alone (the zone picker) with no points. */
  project: { zone: Pick<ProjectListItem['zone'], 'name' | 'geom'>; points: ProjectListItem['points'] };
  height: number;
}) {
  const land = useLand();
  const view = useMemo(() => {
    const vertices = geometryVertices(project.zone.geom);
    const lngs = [...vertices.map((v) => v[0]), ...project.points.map((p) => p.lng)];
    const lats = [...vertices.map((v) => v[1]), ...project.points.map((p) => p.lat)];
    let minX = Math.min(...lngs);
    let maxX = Math.max(...lngs);
    let minY = Math.min(...lats);
    let maxY = Math.max(...lats);
    const padX = Math.max((maxX - minX) * 0.15, 0.5);
    const padY = Math.max((maxY - minY) * 0.15, 0.5);
    minX -= padX;
    maxX += padX;
    minY -= padY;
    maxY += padY;
    return { minX, maxX, minY, maxY };
  }, [project]);
  const width = view.maxX - view.minX;
  const tall = view.maxY - view.minY;
  const path = (ring: readonly (readonly number[])[]) =>
    ring.map(([x = 0, y = 0], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(3)},${(-y).toFixed(3)}`).join('') +
    'Z';
  const landPath = useMemo(() => {
    if (!land) return '';
    // cut a tenth beyond the view box, so the cut's joins along the box's edges stay out of sight
    const marginX = (view.maxX - view.minX) / 10;
    const marginY = (view.maxY - view.minY) / 10;
    const box = {
      minX: view.minX - marginX,
      maxX: view.maxX + marginX,
      minY: view.minY - marginY,
      maxY: view.maxY + marginY,
    };
    return clippedPath(land, box, Math.max(view.maxX - view.minX, view.maxY - view.minY) / 600);
  }, [land, view]);
  const zoneRings =
    project.zone.geom.type === 'Polygon'
      ? (project.zone.geom.coordinates as number[][][])
      : (project.zone.geom.coordinates as number[][][][]).flat();
  const radius = Math.max(width, tall) / 90;
  return (
    <Box sx={{ height, bgcolor: '#cfe0ee', overflow: 'hidden' }}>
      <svg
        role="img"
        aria-label={`Map of ${project.zone.name}`}
        viewBox={`${view.minX} ${-view.maxY} ${width} ${tall}`}
        preserveAspectRatio="xMidYMid slice"
        width="100%"
        height="100%"
      >
        <path d={landPath} fill="#eef0ea" stroke="#8a9aa8" strokeWidth={radius / 6} />
        <path
          d={zoneRings.map(path).join('')}
          fill="rgba(10,110,189,.10)"
          stroke="#0a6ebd"
          strokeWidth={radius / 3}
          fillRule="evenodd"
        />
        {project.points.map((p) => (
          <circle
            key={p.id}
            cx={p.lng}
            cy={-p.lat}
            r={radius}
            fill={p.isComputed ? pointColours.computed : pointColours.pending}
            stroke="#fff"
            strokeWidth={radius / 3}
          />
        ))}
      </svg>
    </Box>
  );
}
