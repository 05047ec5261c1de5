// The locations step (spec 001 §2.6): the project's points in a side list (select all, multi-select,
// delete) and on a 550 px map where a click in the zone adds a point and a click on a point selects it.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { LazyMap } from '../../map/LazyMap';
import type { MapPoint } from '../../map/types';
import { useCreatePoint, useDeletePoint } from '../projects/queries';

/** Map height of the locations step (spec 001 §9). */
export const LOCATIONS_MAP_HEIGHT = 550;

export function LocationsStep({
  project,
  selected,
  setSelected,
  editable,
}: {
  project: Project;
  selected: number[];
  setSelected: (ids: number[]) => void;
  editable: boolean;
}) {
  const createPoint = useCreatePoint(project.id);
  const deletePoint = useDeletePoint();
  const [notice, setNotice] = useState<string | null>(null);
  const ids = project.points.map((p) => p.id);
  const chosen = selected.filter((id) => ids.includes(id));
  const toggle = (id: number) =>
    setSelected(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  const mapPoints: MapPoint[] = project.points.map((p) => ({
    id: p.id,
    name: p.name,
    lat: p.lat,
    lng: p.lng,
    state: 'new',
    selected: chosen.includes(p.id),
  }));
  const removeSelected = async () => {
    try {
      for (const id of chosen) await deletePoint.mutateAsync(id);
      setSelected([]);
    } catch (error) {
      setNotice(errorMessage(error));
    }
  };
  return (
    <Stack direction="row" spacing={2}>
      <Paper variant="outlined" sx={{ width: 300, p: 2, flexShrink: 0 }}>
        <Typography variant="h3" sx={{ mb: 1 }}>
          Points
        </Typography>
        {project.points.length === 0 ? (
          <Typography color="text.secondary">Click in the zone on the map to add a point.</Typography>
        ) : (
          <>
            <FormControlLabel
              label="Select all"
              control={
                <Checkbox
                  checked={chosen.length === ids.length}
                  indeterminate={chosen.length > 0 && chosen.length < ids.length}
                  onChange={(event) => setSelected(event.target.checked ? ids : [])}
                />
              }
            />
            <Stack sx={{ maxHeight: 420, overflowY: 'auto' }}>
              {project.points.map((p) => (
                <FormControlLabel
                  key={p.id}
                  label={`${p.name} (${p.lat.toFixed(3)}, ${p.lng.toFixed(3)})`}
                  control={<Checkbox checked={chosen.includes(p.id)} onChange={() => toggle(p.id)} />}
                />
              ))}
            </Stack>
            {editable && (
              <Button
                color="error"
                disabled={chosen.length === 0 || deletePoint.isPending}
                onClick={() => void removeSelected()}
              >
                Delete selected
              </Button>
            )}
          </>
        )}
        {notice && (
          <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <LazyMap
          height={LOCATIONS_MAP_HEIGHT}
          zone={project.zone}
          points={mapPoints}
          onPointClick={(id) => typeof id === 'number' && toggle(id)}
          onAddPoint={
            editable
              ? (position) =>
                  createPoint.mutate(position, {
                    onSuccess: (point) => setSelected([...chosen, point.id]),
                    onError: (error) => setNotice(errorMessage(error)),
                  })
              : undefined
          }
          onOutsideZone={setNotice}
        />
      </Paper>
    </Stack>
  );
}
