// The chosen zone's data in the new-project flow (issue 30): one card per dataset with its variables in the
// planner's words and its period, and a warning naming the points that will lack variables where the
// zone's datasets split them (South China Sea: the real ERA5 record has waves only).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NewPoint, Zone } from '@metocean/contracts';
import { formatTimeStep } from './rules';
import { useZonePointData } from './queries';
import { datasetVariables, lackingVariablesNotes, periodYears, resolutionText } from './zone-data';

export function ZoneDataCards({ zone, points }: { zone: Zone; points: readonly NewPoint[] }) {
  const pointData = useZonePointData(zone.id, points);
  const notes =
    pointData.data && pointData.data.zone === zone.id && pointData.data.points.length === points.length
      ? lackingVariablesNotes(
          pointData.data,
          points.map((p) => p.name ?? ''),
          zone,
        )
      : [];
  return (
    <Stack spacing={1} sx={{ mt: 1 }} data-testid="zone-datasets">
      {notes.length > 0 && (
        <Alert severity="warning" data-testid="lacking-variables">
          {notes.map((note) => (
            <Box key={note} sx={{ mb: 0.5 }}>
              {note}
            </Box>
          ))}
        </Alert>
      )}
      {zone.datasets.map((dataset) => {
        const step = dataset.dimensions[0]?.timeStep;
        return (
          <Box
            key={dataset.id}
            data-testid="dataset-card"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.25, py: 0.75 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0 }}>
                {dataset.name}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={dataset.synthetic ? 'warning' : 'success'}
                label={dataset.synthetic ? 'Synthetic' : 'Real record'}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div" data-testid="dataset-period">
              {[periodYears(dataset), step ? `every ${formatTimeStep(step)}` : '', resolutionText(dataset)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Typography variant="caption" component="div" data-testid="dataset-variables">
              {datasetVariables(dataset).join(', ')}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}
