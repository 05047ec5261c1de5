// The AWD dashboard `/downtime/{id}` (spec 001 §2.2, §4, §6, §8): introduction, "How to Use?", search,
// sort, template download, upload, "Compare Results", the plannings table with live status and its modals.
import { useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { Planning, Project } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { SectionLoader } from '../../components/Loader';
import { AWD_ASSETS, GUIDE_PATH } from './assets';
import {
  DeleteDialog,
  ErrorLogDialog,
  OfferExpiredDialog,
  PointsDialog,
  WaitingDialog,
} from './DashboardDialogs';
import { pointsCell } from '../../components/pointsCell';
import { DowntimeFrame, DowntimeHeader } from './frame';
import { downloadPlanning, scanPlanningFile, useDeletePlanning, usePlannings } from './queries';
import {
  DASHBOARD_TEXTS,
  ORDERINGS,
  STATUS_LABELS,
  canCompare,
  createdAtText,
  rowActions,
  visiblePlannings,
  type PlanningOrdering,
} from './rules';
import { uploadStore } from './uploadStore';

const statusColour = { FINISHED: 'success', RUNNING: 'info', PENDING: 'default', FAILED: 'error' } as const;

function HowToUse() {
  return (
    <Accordion variant="outlined" disableGutters defaultExpanded={false} sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h3">How to Use?</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box component="ol" sx={{ m: 0, pl: 3, typography: 'body2', lineHeight: 1.7 }}>
          <li>
            Download the template and describe your weather limits (Environments) and activities (Tasks).
          </li>
          <li>Upload the filled file, check the settings and the Gantt of your plan, then launch.</li>
          <li>
            When the planning is Ready, open its results, compare it with others and download the outputs.
          </li>
        </Box>
        <Link href={GUIDE_PATH} target="_blank" rel="noopener" sx={{ typography: 'body2' }}>
          Read the full guide
        </Link>
      </AccordionDetails>
    </Accordion>
  );
}

function Dashboard({ project }: { project: Project }) {
  const me = useMe();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [ordering, setOrdering] = useState<PlanningOrdering>('-id');
  const [selected, setSelected] = useState<number[]>([]);
  const [pointsOf, setPointsOf] = useState<Planning | null>(null);
  const [logOf, setLogOf] = useState<Planning | null>(null);
  const [deleting, setDeleting] = useState<Planning | null>(null);
  const [expiredOpen, setExpiredOpen] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const plannings = usePlannings(project.id, ordering);
  const remove = useDeletePlanning();

  const offerExpired = project.offerInstance.expired;
  const caller = { isStaff: me.isStaff, offerExpired };
  const canUpload = project.isManager && project.canRunDowntime;
  const uploadBlocked = !project.canRunDowntime
    ? 'The offer of this project does not include Advanced Weather Downtime.'
    : !project.isManager
      ? 'Only the project’s managers can upload plannings.'
      : '';
  const all = plannings.data ?? [];
  const rows = visiblePlannings(all, search, ordering);
  const selectable = new Set(all.filter((p) => p.hasJsonResults).map((p) => p.id));
  const chosen = selected.filter((id) => selectable.has(id));

  const onUploadClick = () => {
    if (offerExpired) setExpiredOpen(true);
    else fileInput.current?.click();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      setNotice('The planning must be an .xlsx file following the template.');
      return;
    }
    setNotice(null);
    setScanning(true);
    scanPlanningFile(project.id, file)
      .then((scan) => {
        uploadStore.set({ projectId: project.id, file, scan });
        void navigate(`/downtime/${project.id}/upload`);
      })
      .catch((caught: unknown) => setNotice(errorMessage(caught)))
      .finally(() => setScanning(false));
  };

  const compare = () => void navigate(`/downtime/${project.id}/comparison?ids=${chosen.join(',')}`);

  return (
    <>
      <DowntimeHeader project={project} title="Advanced Weather Downtime" />
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 900 }}>
        Simulate your operations planning against the whole hourly hindcast record at the project’s points
        (its length is the dataset’s, stated with every planning’s results): we start it at every hour, wait
        for weather windows as your limits require and give the duration and downtime percentiles per month,
        bi-week and week.
      </Typography>
      <HowToUse />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          placeholder="Search plannings"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': 'Search plannings' },
          }}
          sx={{ width: 260 }}
        />
        <TextField
          select
          size="small"
          label="Sort by"
          value={ordering}
          onChange={(event) => setOrdering(event.target.value as PlanningOrdering)}
          sx={{ width: 200 }}
        >
          {ORDERINGS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<DownloadIcon />} href={AWD_ASSETS.template} download>
          Template
        </Button>
        <Tooltip title={uploadBlocked}>
          <span>
            <Button
              variant="contained"
              startIcon={<UploadFileIcon />}
              onClick={onUploadClick}
              disabled={!canUpload}
            >
              Upload
            </Button>
          </span>
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={onFile}
          data-testid="planning-file"
        />
        <Tooltip title={DASHBOARD_TEXTS.compareTooltip}>
          <span>
            <Button
              variant="outlined"
              startIcon={<CompareArrowsIcon />}
              disabled={!canCompare(chosen)}
              onClick={compare}
            >
              Compare Results
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {notice && (
        <Alert severity="error" onClose={() => setNotice(null)} sx={{ mb: 1.5 }}>
          {notice}
        </Alert>
      )}
      {plannings.error && <Alert severity="error">{errorMessage(plannings.error)}</Alert>}
      {plannings.isPending ? (
        <SectionLoader />
      ) : all.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h3" sx={{ mb: 1.5 }}>
            {DASHBOARD_TEXTS.empty}
          </Typography>
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            onClick={onUploadClick}
            disabled={!canUpload}
          >
            Upload
          </Button>
        </Paper>
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="body1">{DASHBOARD_TEXTS.noResults}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label="Plannings">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Name</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Points</TableCell>
                <TableCell>Created (UTC)</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => {
                const actions = rowActions(p, caller);
                const cell = pointsCell(p.points);
                return (
                  <TableRow key={p.id} hover data-testid={`planning-row-${p.id}`}>
                    <TableCell padding="checkbox">
                      <Tooltip title={actions.canSelect ? '' : DASHBOARD_TEXTS.notSelectable}>
                        <span>
                          <Checkbox
                            size="small"
                            disabled={!actions.canSelect}
                            checked={chosen.includes(p.id)}
                            onChange={(event) =>
                              setSelected((list) =>
                                event.target.checked ? [...list, p.id] : list.filter((id) => id !== p.id),
                              )
                            }
                            slotProps={{ input: { 'aria-label': `Select ${p.name}` } }}
                          />
                        </span>
                      </Tooltip>
                    </TableCell>
                    <TableCell>
                      {actions.canSelect ? (
                        <Link component={RouterLink} to={`/downtime/${project.id}/results/${p.id}`}>
                          {p.name}
                        </Link>
                      ) : (
                        p.name
                      )}
                    </TableCell>
                    <TableCell sx={{ minWidth: 120 }}>
                      <Chip size="small" color={statusColour[p.status]} label={STATUS_LABELS[p.status]} />
                      {p.status === 'RUNNING' && (
                        <LinearProgress
                          variant={p.progress === undefined ? 'indeterminate' : 'determinate'}
                          value={p.progress ?? 0}
                          sx={{ mt: 0.5 }}
                          aria-label={`Progress of ${p.name}`}
                        />
                      )}
                    </TableCell>
                    <TableCell>
                      {cell.kind === 'link' ? (
                        <Link component="button" variant="body2" onClick={() => setPointsOf(p)}>
                          {cell.label}
                        </Link>
                      ) : (
                        cell.names.join(', ')
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{createdAtText(p.createdAt)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions.showErrorLog && (
                        <Tooltip title="Error log">
                          <IconButton
                            size="small"
                            onClick={() => setLogOf(p)}
                            aria-label={`Error log of ${p.name}`}
                          >
                            <InfoOutlinedIcon fontSize="small" color="error" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {actions.canDownload && (
                        <Tooltip title="Download outputs">
                          <IconButton
                            size="small"
                            aria-label={`Download ${p.name}`}
                            onClick={() =>
                              downloadPlanning(p).catch((caught: unknown) => setNotice(errorMessage(caught)))
                            }
                          >
                            <DownloadIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {actions.canDelete && (
                        <Tooltip title="Delete">
                          <IconButton
                            size="small"
                            aria-label={`Delete ${p.name}`}
                            onClick={() => setDeleting(p)}
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      {pointsOf && <PointsDialog planning={pointsOf} onClose={() => setPointsOf(null)} />}
      {logOf && <ErrorLogDialog planning={logOf} onClose={() => setLogOf(null)} />}
      {deleting && (
        <DeleteDialog
          planning={deleting}
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      )}
      {expiredOpen && <OfferExpiredDialog onClose={() => setExpiredOpen(false)} />}
      {scanning && <WaitingDialog text="Reading your planning…" />}
    </>
  );
}

export function DashboardPage() {
  return <DowntimeFrame>{(project) => <Dashboard project={project} />}</DowntimeFrame>;
}
