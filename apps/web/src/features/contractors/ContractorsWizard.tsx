// The marine contractors wizard (spec 001 §2.6, §4, §8): the project page of a project flagged as a
// marine contractors dashboard. A stepper over operations, locations, outputs and statistics, with the
// run's progress between outputs and statistics. The step and parameters live in the project's wizard
// job; Next saves them, Launch starts the run.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  contractorMessages,
  projectMessages,
  SUPPORT_MAIL,
  type ContractorBoat,
  type ContractorJob,
  type ContractorParameters,
  type ContractorResults,
  type ContractorStep,
} from '@metocean/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { FullPageLoader } from '../../components/Loader';
import { downloadWithSession } from '../analyze/api';
import { useProjectContext } from '../projects/ProjectPage';
import { callErrors, MessageDialog } from './fields';
import { LocationsStep } from './LocationsStep';
import { OperationsStep, type OperationsState } from './OperationsStep';
import { OutputsStep } from './OutputsStep';
import { contractorPaths, useBoats, useJobResults, useSaveJob, useVariables, useWizardJob } from './queries';
import { operationsBlockers } from './rules';
import { StatisticsStep } from './StatisticsStep';

/** The persistent warning while changes are being saved (spec 001 §4, §8). */
const PENDING_ACTIONS = 'Changes are still being saved: wait for them, then press Next again.';

const STEPS = ['Operations', 'Locations', 'Outputs', 'Statistics'];
const stepIndex: Record<ContractorStep, number> = {
  OPERATIONS: 0,
  LOCATIONS: 1,
  OUTPUTS: 2,
  RUN: 3,
  STATISTICS: 3,
};

type Dialog =
  'incomplete' | 'withoutConstraint' | 'withoutDuration' | 'expired' | 'computationError' | 'error';

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

const running = (job: ContractorJob | undefined) => job?.status === 'PENDING' || job?.status === 'RUNNING';

/** The operations of the customer's boats the run did not simulate (their Run box was not ticked). */
function LeftOut({ boats, results }: { boats: ContractorBoat[]; results: ContractorResults }) {
  const ran = new Set(results.boats.flatMap((b) => b.operations.map((o) => o.id)));
  const left = boats.flatMap((b) =>
    b.operations.filter((o) => !ran.has(o.id)).map((o) => `${o.name} (${b.name})`),
  );
  if (left.length === 0) return null;
  return (
    <Alert severity="info" data-testid="left-out">
      Left out of this run (Run box not ticked): {left.join(', ')}.
    </Alert>
  );
}

export function ContractorsWizard() {
  const { project } = useProjectContext();
  const me = useMe();
  const job = useWizardJob(project.id);
  const boats = useBoats();
  const variables = useVariables();
  const results = useJobResults(job.data);
  const saveJob = useSaveJob(project.id);
  const [view, setView] = useState<ContractorStep | null>(null);
  const [parameters, setParameters] = useState<ContractorParameters | null>(null);
  const [ops, setOps] = useState<OperationsState>({
    boat: null,
    operation: null,
    selected: [],
    drafts: [],
    pending: 0,
    unsavedOperation: null,
  });
  const [dialog, setDialog] = useState<{ kind: Dialog; text?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [percentileError, setPercentileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const status = job.data?.status;
  const [seenStatus, setSeenStatus] = useState(status);
  const editable = project.isManager;
  const expired = project.offerInstance.expired;

  // the job's step and parameters, once loaded; an error found at load opens the computation-error modal
  // (state adjusted while rendering, not in an effect)
  if (job.data && parameters === null) {
    setParameters(job.data.parameters);
    setOps((s) => ({ ...s, selected: job.data.parameters.operations }));
    setView(job.data.step === 'RUN' && !running(job.data) ? 'OUTPUTS' : job.data.step);
    if (job.data.status === 'ERROR' && job.data.step === 'OUTPUTS')
      setDialog({ kind: 'computationError', text: job.data.errorMessage });
  }

  // the end of a run: statistics, or back to outputs with the error notification (spec 001 §4, §8)
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (seenStatus === 'PENDING' || seenStatus === 'RUNNING') {
      if (status === 'COMPLETE') setView('STATISTICS');
      if (status === 'ERROR') {
        setView('OUTPUTS');
        setNotice(contractorMessages.jobError);
      }
    }
  }

  // The run boxes are remembered (issue 30): a tick or untick is saved with the job at once, not only by
  // Next, so leaving the page or opening it elsewhere keeps the choice.
  const savedOperations = parameters?.operations;
  const onOperations = view === 'OPERATIONS' && job.data !== undefined && !running(job.data);
  useEffect(() => {
    if (!editable || !onOperations || !job.data || !parameters || savedOperations === undefined) return;
    if (sameSet(savedOperations, ops.selected)) return;
    const timer = setTimeout(() => {
      const next = { ...parameters, operations: ops.selected };
      saveJob(job.data, 'OPERATIONS', next)
        .then((saved) => setParameters({ ...next, operations: saved.parameters.operations }))
        .catch((error: unknown) => setNotice(errorMessage(error)));
    }, 400);
    return () => clearTimeout(timer);
  }, [editable, onOperations, job.data, parameters, savedOperations, ops.selected, saveJob]);

  if (job.error) return <Alert severity="error">{errorMessage(job.error)}</Alert>;
  if (!job.data || !boats.data || !variables.data || parameters === null || view === null)
    return <FullPageLoader />;
  const current: ContractorStep = running(job.data) ? 'RUN' : view;

  const go = async (step: ContractorStep, next: ContractorParameters = parameters) => {
    setParameters(next);
    if (!editable) return setView(step === 'RUN' ? 'OUTPUTS' : step);
    setSaving(true);
    try {
      const saved = await saveJob(job.data, step, next);
      setView(saved.step);
      setPercentileError(null);
    } catch (error) {
      const { fields, common } = callErrors(error);
      if (fields.percentiles) setPercentileError(fields.percentiles);
      else if (
        error instanceof ApiError &&
        error.status === 400 &&
        common === projectMessages.offerExpired(project.offerInstance.offer)
      )
        setDialog({ kind: 'expired' });
      else setDialog({ kind: 'error', text: common ?? Object.values(fields)[0] });
    } finally {
      setSaving(false);
    }
  };

  const nextFromOperations = (dropUnsaved = false) => {
    if (ops.pending > 0) return setBlocked(PENDING_ACTIONS);
    // an operation being added without its duration is not saved: say so before leaving it behind
    if (ops.unsavedOperation !== null && !dropUnsaved)
      return setDialog({ kind: 'withoutDuration', text: ops.unsavedOperation });
    const why = operationsBlockers(boats.data, ops.selected, ops.drafts);
    if (why.noSelection) return setBlocked(contractorMessages.noOperation);
    setBlocked(null);
    if (why.incomplete) return setDialog({ kind: 'incomplete' });
    if (why.withoutConstraint) return setDialog({ kind: 'withoutConstraint' });
    // the operations step unmounts with its unsaved operation, if any
    setOps((s) => ({ ...s, unsavedOperation: null }));
    void go('LOCATIONS', { ...parameters, operations: ops.selected });
  };

  const launch = () => {
    if (expired) return setDialog({ kind: 'expired' });
    void go('RUN');
  };

  const account = me.accounts.find((a) => a.id === me.customerId) ?? me.accounts[0];
  return (
    <Stack spacing={2} data-testid="contractors-wizard">
      <Stepper activeStep={stepIndex[current]} alternativeLabel>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {expired && (
        <Alert severity="warning">{projectMessages.offerExpired(project.offerInstance.offer)}</Alert>
      )}
      {current === 'OPERATIONS' && (
        <>
          <OperationsStep
            boats={boats.data}
            variables={variables.data}
            customerName={account?.name ?? 'your company'}
            editable={editable}
            state={ops}
            setState={setOps}
          />
          {blocked && <Alert severity={blocked === PENDING_ACTIONS ? 'warning' : 'error'}>{blocked}</Alert>}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => nextFromOperations()} disabled={saving}>
              Next
            </Button>
          </Stack>
        </>
      )}
      {current === 'LOCATIONS' && (
        <>
          <LocationsStep
            project={project}
            selected={parameters.points}
            setSelected={(points) => setParameters({ ...parameters, points })}
            editable={editable && !expired}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void go('OPERATIONS')}>Back</Button>
            <Button
              variant="contained"
              disabled={saving || !parameters.points.some((id) => project.points.some((p) => p.id === id))}
              onClick={() =>
                void go('OUTPUTS', {
                  ...parameters,
                  points: parameters.points.filter((id) => project.points.some((p) => p.id === id)),
                })
              }
            >
              Next
            </Button>
          </Stack>
        </>
      )}
      {current === 'OUTPUTS' && (
        <>
          <OutputsStep
            parameters={parameters}
            setParameters={setParameters}
            fieldError={percentileError}
            customer={me.customerId}
            editable={editable && !expired}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void go('LOCATIONS')}>Back</Button>
            <Button
              variant="contained"
              disabled={
                saving || !editable || parameters.percentiles.length === 0 || parameters.outputFormat === null
              }
              onClick={launch}
            >
              Launch
            </Button>
          </Stack>
        </>
      )}
      {current === 'RUN' && (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }}>
          <Box sx={{ position: 'relative', display: 'inline-flex' }}>
            <CircularProgress
              variant="determinate"
              size={120}
              value={job.data.taskInfo.progress}
              aria-label="Computation progress"
            />
            <Typography
              sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
              variant="h3"
            >
              {job.data.taskInfo.progress} %
            </Typography>
          </Box>
          <Typography color="text.secondary">
            Simulating the operations from every hour of the record…
          </Typography>
        </Stack>
      )}
      {current === 'STATISTICS' && (
        <>
          {results.data ? (
            <>
              <LeftOut boats={boats.data} results={results.data} />
              <StatisticsStep results={results.data} />
            </>
          ) : results.error ? (
            <Alert severity="error">{errorMessage(results.error)}</Alert>
          ) : (
            <CircularProgress />
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void go('OPERATIONS')} disabled={!editable}>
              Relaunch
            </Button>
            <Button
              variant="contained"
              disabled={!results.data}
              onClick={() =>
                void downloadWithSession(contractorPaths.download(job.data.id), 'contractors.xlsx').catch(
                  (error: unknown) => setDialog({ kind: 'error', text: errorMessage(error) }),
                )
              }
            >
              Export all
            </Button>
          </Stack>
        </>
      )}
      {dialog?.kind === 'incomplete' && (
        <MessageDialog title="Incomplete constraint" onClose={() => setDialog(null)}>
          <Typography>{contractorMessages.incompleteConstraint}</Typography>
        </MessageDialog>
      )}
      {dialog?.kind === 'withoutConstraint' && (
        <MessageDialog title="Operation without constraint" onClose={() => setDialog(null)}>
          <Typography>{contractorMessages.operationWithoutConstraint}</Typography>
        </MessageDialog>
      )}
      {dialog?.kind === 'withoutDuration' && (
        <MessageDialog
          title="Operation without duration"
          onClose={() => setDialog(null)}
          actions={
            <>
              <Button onClick={() => setDialog(null)}>Enter its duration</Button>
              <Button
                color="warning"
                onClick={() => {
                  setDialog(null);
                  nextFromOperations(true);
                }}
              >
                Continue without it
              </Button>
            </>
          }
        >
          <Typography>
            “{dialog.text}” has no duration yet, so it is not saved and will not be run. Enter its duration in
            hours (then Enter), or continue without it.
          </Typography>
        </MessageDialog>
      )}
      {dialog?.kind === 'expired' && (
        <MessageDialog title="Offer expired" onClose={() => setDialog(null)}>
          <Typography>{projectMessages.offerExpired(project.offerInstance.offer)}</Typography>
        </MessageDialog>
      )}
      {dialog?.kind === 'computationError' && (
        <MessageDialog title="Computation error" onClose={() => setDialog(null)}>
          <Typography>The last computation failed{dialog.text ? `: ${dialog.text}` : ''}.</Typography>
          <Typography sx={{ mt: 1 }}>
            Change the settings and launch again, or contact us at {SUPPORT_MAIL}.
          </Typography>
        </MessageDialog>
      )}
      {dialog?.kind === 'error' && (
        <MessageDialog title="Marine contractors" onClose={() => setDialog(null)}>
          <Alert severity="error">{dialog.text ?? 'Something went wrong, please try again later'}</Alert>
        </MessageDialog>
      )}
      <Snackbar open={notice !== null} onClose={() => setNotice(null)} autoHideDuration={8000}>
        <Alert severity="error" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
