// The Report tab (spec 000 §2.9): the left panel builds a report (category, points, parts, advanced,
// name, Generate / Cancel); the sidebar lists the project's reports with their author, progress, download,
// delete (managers) and comments.
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Divider,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CleanIcon from '@mui/icons-material/CleaningServicesOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DownloadIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  COMMENT_MAX,
  messages,
  REPORT_NAME_MAX,
  REPORT_PART_LABELS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type Report,
  type ReportPart,
  type ReportType,
} from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useProjectContext } from '../projects/ProjectPage';
import {
  downloadReport,
  useAddComment,
  useComments,
  useGenerateReport,
  useReportAction,
  useReports,
} from './api';
import { availableParts, proposedName, toggled } from './rules';

const CATEGORY_HINTS: Record<ReportType, string> = {
  operability: 'average statistics',
  design: 'extreme statistics',
};

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Stack>{children}</Stack>
    </Box>
  );
}

export function ReportTab() {
  const { project } = useProjectContext();
  const computed = project.points.filter((p) => p.isComputed);
  const parts = useMemo(() => availableParts(project), [project]);
  const [type, setType] = useState<ReportType>('operability');
  const [points, setPoints] = useState<number[]>(() => computed.map((p) => p.id));
  const [chosenParts, setChosenParts] = useState<ReportPart[]>(parts);
  const [monthly, setMonthly] = useState(false);
  const [editedName, setEditedName] = useState<string | null>(null);
  const [nameError, setNameError] = useState('');
  const reports = useReports(project.id);
  const generate = useGenerateReport(project.id);
  const action = useReportAction(project.id);
  const proposed = proposedName(project, type, points, chosenParts, parts);
  const name = editedName ?? proposed;
  const current = reports.data?.find((r) => r.status === 'RUNNING');
  const expired = project.offerInstance.expired;
  // the tab is removed when the project's offer cannot build reports (spec 000 §2.6): so is its path
  if (!project.canBuildReport) return <Navigate to={`/project/${project.id}/query`} replace />;

  const submit = () => {
    if (!name.trim()) {
      setNameError(messages.required);
      return;
    }
    setNameError('');
    generate.mutate({
      name: name.trim(),
      reportType: type,
      points,
      parts: chosenParts.length === parts.length ? [] : chosenParts,
      monthly,
      detailedDists: false,
      tabulated: false,
    });
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{ p: 2, width: { xs: '100%', md: 320 }, flexShrink: 0 }}
        component="section"
        aria-label="New report"
      >
        <Stack spacing={1.5}>
          <Group title="Category">
            <RadioGroup value={type} onChange={(e) => setType(e.target.value as ReportType)}>
              {REPORT_TYPES.map((t) => (
                <FormControlLabel
                  key={t}
                  value={t}
                  control={<Radio size="small" />}
                  label={`${REPORT_TYPE_LABELS[t]} (${CATEGORY_HINTS[t]})`}
                />
              ))}
            </RadioGroup>
          </Group>
          <Group title="Points">
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={points.length === computed.length && computed.length > 0}
                  indeterminate={points.length > 0 && points.length < computed.length}
                  onChange={() =>
                    setPoints(
                      toggled(
                        points,
                        'all',
                        computed.map((p) => p.id),
                      ),
                    )
                  }
                />
              }
              label="all"
            />
            {computed.map((p) => (
              <FormControlLabel
                key={p.id}
                sx={{ pl: 2 }}
                control={
                  <Checkbox
                    size="small"
                    checked={points.includes(p.id)}
                    onChange={() =>
                      setPoints(
                        toggled(
                          points,
                          p.id,
                          computed.map((x) => x.id),
                        ),
                      )
                    }
                  />
                }
                label={p.name}
              />
            ))}
            {computed.length === 0 && (
              <Typography variant="body2">Compute a point in the Query tab first.</Typography>
            )}
          </Group>
          <Group title="Parts">
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={chosenParts.length === parts.length && parts.length > 0}
                  indeterminate={chosenParts.length > 0 && chosenParts.length < parts.length}
                  onChange={() => setChosenParts(toggled(chosenParts, 'all', parts))}
                />
              }
              label="all"
            />
            {parts.map((part) => (
              <FormControlLabel
                key={part}
                sx={{ pl: 2 }}
                control={
                  <Checkbox
                    size="small"
                    checked={chosenParts.includes(part)}
                    onChange={() => setChosenParts(toggled(chosenParts, part, parts))}
                  />
                }
                label={REPORT_PART_LABELS[part]}
              />
            ))}
          </Group>
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>advanced</AccordionSummary>
            <AccordionDetails>
              <FormControlLabel
                control={
                  <Checkbox size="small" checked={monthly} onChange={(e) => setMonthly(e.target.checked)} />
                }
                label="include monthly distributions"
              />
            </AccordionDetails>
          </Accordion>
          <TextField
            label="Report name"
            size="small"
            required
            value={name}
            onChange={(e) => setEditedName(e.target.value)}
            error={nameError !== ''}
            helperText={nameError || `${name.length}/${REPORT_NAME_MAX}`}
            slotProps={{ htmlInput: { maxLength: REPORT_NAME_MAX } }}
          />
          {generate.error && <Alert severity="error">{errorMessage(generate.error)}</Alert>}
          {expired && (
            <Alert severity="warning">
              The offer of this project has expired: reports can be read, not generated.
            </Alert>
          )}
          {current ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-label="Generating" />
              <Typography variant="body2" sx={{ flex: 1 }}>
                Generating {current.progress} %
              </Typography>
              <Button color="warning" onClick={() => action.mutate({ id: current.id, action: 'cancel' })}>
                Cancel
              </Button>
            </Stack>
          ) : (
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                onClick={submit}
                disabled={
                  expired ||
                  generate.isPending ||
                  points.length === 0 ||
                  (parts.length > 0 && chosenParts.length === 0)
                }
              >
                Generate
              </Button>
              <Button
                onClick={() => {
                  setEditedName(null);
                  setNameError('');
                  setPoints(computed.map((p) => p.id));
                  setChosenParts(parts);
                  setMonthly(false);
                }}
              >
                Cancel
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }} component="section" aria-label="Reports">
        <Typography variant="h6" gutterBottom>
          Reports
        </Typography>
        {reports.isPending && <LinearProgress />}
        {reports.error && <Alert severity="error">{errorMessage(reports.error)}</Alert>}
        {action.error && <Alert severity="error">{errorMessage(action.error)}</Alert>}
        {reports.data?.length === 0 && (
          <Typography variant="body2">
            No report yet: choose the options on the left and generate one.
          </Typography>
        )}
        <Stack divider={<Divider />} spacing={1.5}>
          {reports.data?.map((item) => (
            <ReportItem
              key={item.id}
              item={item}
              expired={expired}
              onDelete={() => action.mutate({ id: item.id, action: 'delete' })}
              onClean={() => action.mutate({ id: item.id, action: 'clean' })}
            />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

const STATUS_COLOURS = {
  FINISHED: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
  RUNNING: 'info',
  PENDING: 'default',
} as const;

function ReportItem({
  item,
  expired,
  onDelete,
  onClean,
}: {
  item: Report;
  expired: boolean;
  onDelete: () => void;
  onClean: () => void;
}) {
  const [downloadError, setDownloadError] = useState('');
  // a draft (new or cleaned) was not generated, whatever its last start
  const when = item.status === 'PENDING' ? null : (item.generatedAt ?? item.startedAt);
  const author = item.user ? `${item.user.firstName} ${item.user.lastName}`.trim() : 'a former user';
  return (
    <Box component="article" aria-label={item.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1, wordBreak: 'break-all' }}>
          {item.name}
        </Typography>
        <Chip size="small" label={item.status} color={STATUS_COLOURS[item.status]} />
        {item.status === 'RUNNING' && <CircularProgress size={18} aria-label={`Generating ${item.name}`} />}
        {item.document && (
          <Tooltip title="Download as PDF">
            <IconButton
              aria-label={`Download ${item.name}`}
              onClick={() => downloadReport(item).catch((e: unknown) => setDownloadError(errorMessage(e)))}
            >
              <DownloadIcon />
            </IconButton>
          </Tooltip>
        )}
        {/* Clean (PUT …/clean/): the PDF goes, the report stays as a draft with its options and comments.
            Offered to the managers, who may delete it too. */}
        {item.canDelete && ['FINISHED', 'FAILED', 'CANCELLED'].includes(item.status) && (
          <Tooltip title="Clean: remove the PDF, keep the report as a draft with its comments">
            <IconButton aria-label={`Clean ${item.name}`} onClick={onClean}>
              <CleanIcon />
            </IconButton>
          </Tooltip>
        )}
        {item.canDelete && (
          <Tooltip title="Delete">
            <IconButton
              aria-label={`Delete ${item.name}`}
              onClick={onDelete}
              disabled={item.status === 'RUNNING'}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {item.reportType ? `${REPORT_TYPE_LABELS[item.reportType]} · ` : ''}
        {when
          ? `generated by ${author} on ${new Date(when).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC`
          : `draft by ${author}`}
      </Typography>
      {item.status === 'RUNNING' && (
        <LinearProgress variant="determinate" value={item.progress} sx={{ my: 0.5 }} />
      )}
      {item.status === 'FAILED' && <Alert severity="error">{item.error || messages.generic}</Alert>}
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
      <Comments reportId={item.id} expired={expired} />
    </Box>
  );
}

function Comments({ reportId, expired }: { reportId: number; expired: boolean }) {
  const comments = useComments(reportId);
  const add = useAddComment(reportId);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (!text.trim()) {
      setError(messages.required);
      return;
    }
    setError('');
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <Box sx={{ pl: 2, mt: 1 }}>
      {comments.data?.map((c) => (
        <Typography key={c.id} variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          <b>{c.user ? `${c.user.firstName} ${c.user.lastName}` : 'a former user'}</b>: {c.message}
        </Typography>
      ))}
      {!expired && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
          <TextField
            size="small"
            multiline
            maxRows={4}
            fullWidth
            label="add comment"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error !== '' || add.isError}
            helperText={error || (add.error ? errorMessage(add.error) : '')}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
          />
          <Button onClick={submit} disabled={add.isPending}>
            Add
          </Button>
        </Stack>
      )}
    </Box>
  );
}
