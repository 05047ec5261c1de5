import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  limits,
  messages,
  paths,
  type CurrentUser,
  type Offer,
  type ProjectListItem,
} from '@metocean/contracts';
import { apiRequest, errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { useCreateTrialProject, useDeleteProject, useRenameProject } from './queries';
import { projectNameError } from './form-rules';
import { availableOffers, coordinateError } from './rules';

/** The project-name field with the n/50 counter; input beyond 50 characters is refused. */
export function ProjectNameField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Project name"
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value.slice(0, limits.projectNameMax))}
      error={error !== null}
      helperText={
        <Stack component="span" direction="row" sx={{ justifyContent: 'space-between' }}>
          <span data-testid="project-name-error">{error ?? ' '}</span>
          <span data-testid="project-name-counter">
            {value.length}/{limits.projectNameMax}
          </span>
        </Stack>
      }
      slotProps={{ htmlInput: { maxLength: limits.projectNameMax, 'aria-label': 'Project name' } }}
    />
  );
}

export function RenameProjectDialog({
  project,
  takenNames,
  onClose,
}: {
  project: ProjectListItem;
  takenNames: string[];
  onClose: () => void;
}) {
  const [name, setName] = useState(project.name);
  const [touched, setTouched] = useState(false);
  const rename = useRenameProject();
  const others = takenNames.filter((taken) => taken !== project.name);
  const error = projectNameError(name, others);
  const unchanged = name.trim() === project.name;
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>Rename project</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <ProjectNameField
          autoFocus
          value={name}
          onChange={(value) => {
            setName(value);
            setTouched(true);
          }}
          error={touched ? error : null}
        />
        {rename.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(rename.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={error !== null || unchanged || rename.isPending}
          onClick={() => rename.mutate({ id: project.id, name: name.trim() }, { onSuccess: onClose })}
        >
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteProjectDialog({ project, onClose }: { project: ProjectListItem; onClose: () => void }) {
  const remove = useDeleteProject();
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>Delete project</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete the project <strong>{project.name}</strong> with its {project.nbPoints} point
          {project.nbPoints === 1 ? '' : 's'} and results? This cannot be undone.
        </DialogContentText>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(project.id, { onSuccess: onClose })}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The offer chooser (spec 000 §2.5): a trial offer creates its project at once (generated name, first
 * zone, the user as sole collaborator, numeric suffix when the name is taken); others go to /new_project.
 */
export function OfferChooserDialog({
  offers,
  user,
  onClose,
}: {
  offers: Offer[];
  user: CurrentUser;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const trial = useCreateTrialProject();
  const [error, setError] = useState<string | null>(null);
  const usable = availableOffers(offers);

  const chooseTrial = async (offer: Offer) => {
    const zone = offer.zones[0];
    if (!zone) {
      setError(messages.generic);
      return;
    }
    setError(null);
    try {
      const projectId = await trial.run(offer, zone, user.id);
      onClose();
      void navigate(`/project/${projectId}/query`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const choose = (offer: Offer) => {
    if (offer.isTrial) {
      void chooseTrial(offer);
      return;
    }
    onClose();
    void navigate(`/new_project?offerId=${offer.id}`);
  };

  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 568 } } }}>
      <DialogTitle>Choose an offer for the new project</DialogTitle>
      <DialogContent>
        {usable.length === 0 ? (
          <EmptyState kind="offerProblem" title="No offers" />
        ) : (
          <List aria-label="Offers">
            {usable.map((offer) => (
              <ListItemButton
                key={offer.id}
                disabled={trial.isPending}
                onClick={() => choose(offer)}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 1 }}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{offer.name}</span>
                      {offer.isTrial && <Chip size="small" label="Trial" color="warning" />}
                      {offer.isUnlimited && <Chip size="small" label="Unlimited" color="success" />}
                      {offer.isMcDashboard && <Chip size="small" label="Dashboard" />}
                    </Stack>
                  }
                  secondary={`${offer.description} · ${offer.zones.map((z) => z.name).join(', ')}`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The location request (spec 000 §2.3 demo form, §2.7 'ask for a specific point'): e-mail, longitude,
 * latitude sent to POST /api/demos/; the team answers within 48 hours.
 */
export function DemoLocationDialog({
  email,
  onClose,
  title = 'Ask for another demo location',
  intro = 'Your free demo has one computed point in the Bay of Biscay. Tell us where you would like one; the team replies within 48 hours.',
  initial,
}: {
  email: string;
  onClose: () => void;
  title?: string;
  intro?: string;
  initial?: { lat: number; lng: number } | undefined;
}) {
  const [values, setValues] = useState({
    email,
    longitude: initial ? initial.lng.toFixed(4) : '',
    latitude: initial ? initial.lat.toFixed(4) : '',
  });
  const [state, setState] = useState<string>('idle');
  // Send is disabled, then removed: focus would fall to the page's body, outside the dialog, and
  // Escape would not reach it. Once sent, the focus goes to Close.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state === 'sent') closeButton.current?.focus();
  }, [state]);
  const lng = Number(values.longitude);
  const lat = Number(values.latitude);
  const lngError = coordinateError(values.longitude, 180);
  const latError = coordinateError(values.latitude, 90);
  const complete = values.email && values.longitude && values.latitude && !lngError && !latError;
  const send = () => {
    setState('sending');
    apiRequest(paths.demos, { method: 'POST', body: { email: values.email, longitude: lng, latitude: lat } })
      .then(() => setState('sent'))
      .catch((caught: unknown) => setState(errorMessage(caught)));
  };
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {state === 'sent' ? (
          <Alert severity="success">Thank you: our team will reply within 48 hours.</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{intro}</DialogContentText>
            <TextField
              label="E-mail"
              value={values.email}
              onChange={(event) => setValues({ ...values, email: event.target.value })}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                label="Longitude"
                value={values.longitude}
                error={lngError !== null}
                helperText={lngError ?? ' '}
                onChange={(event) => setValues({ ...values, longitude: event.target.value })}
              />
              <TextField
                label="Latitude"
                value={values.latitude}
                error={latError !== null}
                helperText={latError ?? ' '}
                onChange={(event) => setValues({ ...values, latitude: event.target.value })}
              />
            </Stack>
            {state !== 'idle' && state !== 'sending' && <Alert severity="error">{state}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button ref={closeButton} onClick={onClose}>
          {state === 'sent' ? 'Close' : 'Cancel'}
        </Button>
        {state !== 'sent' && (
          <Button variant="contained" disabled={!complete || state === 'sending'} onClick={send}>
            Send
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
