// /catalog/{id} (spec 000 §2.1, with the data validation and downtime pages of a project): the catalogue of
// the datasets serving the project's zone — what each holds (variables by kind), its grid, time step and
// period, and where it comes from (origin, licence, the attribution to cite, notes). The same zone call as
// the data validation page; the project call decides who may see it.
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ZoneDataset } from '@metocean/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { SectionLoader } from '../../components/Loader';
import { humanDate } from '../projects/dataset-text';
import { useProject } from '../projects/queries';
import { datasetTextParts, formatTimeStep } from '../projects/rules';
import { useZoneDetail } from '../validation/queries';
import { KIND_NAMES } from '../validation/texts';

/** Text with ';' separators (spec 000 §2.4) shown as separate lines. */
function Separated({ text }: { text: string }) {
  const parts = datasetTextParts(text);
  if (parts.length === 0) return <>—</>;
  return (
    <>
      {parts.map((part, i) => (
        <Box component="span" key={i} sx={{ display: 'block' }}>
          {part}
        </Box>
      ))}
    </>
  );
}

function DatasetEntry({ dataset }: { dataset: ZoneDataset }) {
  const provenance: [string, string][] = [
    ['Origin', dataset.origin],
    ['Licence', dataset.licence],
    ['Cite as', dataset.citation],
    ['Notes', dataset.notes],
  ];
  return (
    <Paper variant="outlined" component="article" data-testid="catalog-dataset" aria-label={dataset.name}>
      <Stack
        direction="row"
        spacing={1}
        sx={{
          alignItems: 'center',
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h3" component="h2" sx={{ mr: 'auto' }}>
          {dataset.name}
        </Typography>
        <Chip size="small" label={dataset.kind === 'global' ? 'Global Data' : 'High-Resolution'} />
        {dataset.isPrivate && <Chip size="small" label="Private" />}
        {dataset.synthetic && (
          <Chip
            size="small"
            color="warning"
            label="Synthetic"
            title="Generated demo hindcast, not a record"
          />
        )}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2.2fr 1fr' }, gap: 3, p: 2 }}>
        <Table aria-label={`Variables of ${dataset.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Kind</TableCell>
              <TableCell>Variables</TableCell>
              <TableCell align="right">Resolution</TableCell>
              <TableCell align="right">Time step</TableCell>
              <TableCell>Period</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {dataset.dimensions.map((d) => (
              <TableRow key={d.kind}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{KIND_NAMES[d.kind] ?? d.kind}</TableCell>
                <TableCell sx={{ minWidth: 280 }}>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {d.variables.map((v) => (
                      <Chip
                        key={v}
                        size="small"
                        variant="outlined"
                        label={v}
                        sx={{ fontFamily: 'monospace' }}
                      />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {d.spatialResolution} {d.spatialResolutionUnits}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatTimeStep(d.timeStep)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {humanDate(d.dateBegin)} – {humanDate(d.dateEnd)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: '90px 1fr',
            rowGap: 1,
            columnGap: 1.5,
            fontSize: 13,
          }}
          aria-label={`Provenance of ${dataset.name}`}
        >
          {provenance.map(([label, text]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                <Separated text={text} />
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}

export function CatalogPage() {
  const id = Number(useParams().id);
  const project = useProject(id);
  const zone = useZoneDetail(project.data?.zone.id);

  if (project.error) {
    if (project.error instanceof ApiError && [403, 404].includes(project.error.status))
      return <Navigate to="/" replace />;
    return <Alert severity="error">{errorMessage(project.error)}</Alert>;
  }
  if (!project.data) return <SectionLoader />;
  const p = project.data;
  const workzone = p.status.toUpperCase() === 'FINISHED' ? `/project/${p.id}/analyze` : `/project/${p.id}`;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h1">Dataset catalogue</Typography>
          <Typography color="text.secondary">
            The datasets serving the zone {p.zone.name} of the project {p.name}. Each point is computed from
            the first dataset, in this order, that covers it.
          </Typography>
        </Box>
        <Button component={RouterLink} to={workzone} variant="outlined">
          Workzone
        </Button>
        <Button component={RouterLink} to={`/data-validation/${p.id}`}>
          Data validation
        </Button>
      </Stack>
      {zone.error ? (
        <Alert severity="error">{errorMessage(zone.error)}</Alert>
      ) : !zone.data ? (
        <SectionLoader />
      ) : zone.data.datasets.length === 0 ? (
        <Alert severity="info">
          No dataset serves this zone yet: its points cannot be computed. Contact us to have one added.
        </Alert>
      ) : (
        zone.data.datasets.map((dataset) => <DatasetEntry key={dataset.id} dataset={dataset} />)
      )}
    </Stack>
  );
}
