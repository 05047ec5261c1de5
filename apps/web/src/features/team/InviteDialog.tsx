import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { email, type TeamProject } from '@metocean/contracts';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { Checklist } from './Checklist';
import { useInvite } from './queries';
import { matchesProject, toggled } from './rules';

const inviteForm = z.object({ email, isStaff: z.boolean() });
type InviteForm = z.infer<typeof inviteForm>;

/** The projects a person can be given, each with why it cannot change (its offer ended). */
export const projectItems = (projects: readonly TeamProject[]) =>
  projects.map((project) => ({
    id: project.id,
    primary: project.name,
    secondary: project.zoneName,
    ...(project.expired ? { lockedReason: 'Offer expired' } : {}),
  }));

export const projectMatcher = (projects: readonly TeamProject[]) => (id: number, search: string) => {
  const project = projects.find((p) => p.id === id);
  return project !== undefined && matchesProject(project, search);
};

/**
 * 'Invite team member' (spec 000 §2.10, §6): an e-mail, the manager flag and optional project access. The
 * invitee gets a link by e-mail and shows as 'invited' until they choose a password. The first e-mail error
 * of the server goes under the field (spec 000 §8).
 */
export function InviteDialog({
  projects,
  initialProjects = [],
  onClose,
  onInvited,
}: {
  projects: readonly TeamProject[];
  initialProjects?: readonly number[];
  onClose: () => void;
  onInvited?: (id: number, email: string) => void;
}) {
  const invite = useInvite();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(initialProjects));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteForm>({
    resolver: zodResolver(inviteForm),
    defaultValues: { email: '', isStaff: false },
  });
  const isStaff = useWatch({ control, name: 'isStaff' });

  const onSubmit = async (form: InviteForm) => {
    try {
      const created = await invite.mutateAsync({
        email: form.email,
        isStaff: form.isStaff,
        // A manager sees every project: a list would mean nothing.
        projects: form.isStaff ? [] : [...chosen],
      });
      onInvited?.(created.id, created.email);
      onClose();
    } catch (error) {
      const first = error instanceof ApiError ? error.body.fieldErrors?.email?.[0] : undefined;
      if (first) setError('email', { message: first });
      else applyServerErrors(error, setError, []);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 568 } } }}>
      <DialogTitle>Invite team member</DialogTitle>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
            <TextField
              label="E-mail"
              type="email"
              required
              autoFocus
              autoComplete="off"
              {...register('email')}
              error={!!errors.email}
              helperText={errors.email?.message ?? 'They receive a link to choose a username and password.'}
            />
            <Controller
              name="isStaff"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                  label="Manager: creates projects, spends credits and manages the team"
                />
              )}
            />
            <Typography variant="subtitle2" component="h3">
              Project access
            </Typography>
            {isStaff ? (
              <Typography variant="body2" color="text.secondary">
                Managers see every project of the account.
              </Typography>
            ) : projects.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                The account has no project yet: give access later from the team table or the project page.
              </Typography>
            ) : (
              <Checklist
                label="Search a project or zone"
                items={projectItems(projects)}
                matches={projectMatcher(projects)}
                checked={chosen}
                onChange={(id, on) => setChosen((set) => toggled(set, id, on))}
                emptyTitle="No matching projects"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
