import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { editUserRequest, type Collaborator } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { useEditMember, usePersonAction, type PersonAction } from './queries';
import { displayName } from './rules';

const editForm = editUserRequest.required({ isStaff: true });
interface EditForm {
  firstName: string;
  lastName: string;
  isStaff: boolean;
}

/**
 * 'Edit profile' of oneself or, for managers, of a teammate (spec 000 §5: both names required; §6: the
 * manager flag is hidden when editing oneself).
 */
export function EditMemberDialog({
  person,
  self,
  onClose,
}: {
  person: Collaborator;
  self: boolean;
  onClose: () => void;
}) {
  const edit = useEditMember();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditForm>({
    resolver: zodResolver(editForm),
    defaultValues: { firstName: person.firstName, lastName: person.lastName, isStaff: person.isStaff },
  });

  const onSubmit = async (form: EditForm) => {
    try {
      await edit.mutateAsync({
        id: person.id,
        firstName: form.firstName,
        lastName: form.lastName,
        ...(self ? {} : { isStaff: form.isStaff }),
      });
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['firstName', 'lastName']);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>{self ? 'Edit my profile' : `Edit profile · ${person.email}`}</DialogTitle>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
            <TextField
              label="First name"
              required
              autoFocus
              {...register('firstName')}
              error={!!errors.firstName}
              helperText={errors.firstName?.message}
            />
            <TextField
              label="Last name"
              required
              {...register('lastName')}
              error={!!errors.lastName}
              helperText={errors.lastName?.message}
            />
            {!self && (
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
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const confirmations: Record<
  PersonAction,
  { title: string; button: string; text: (name: string) => string; danger: boolean }
> = {
  remove: {
    title: 'Remove team member',
    button: 'Remove',
    text: (name) =>
      `Remove ${name} from the team? They can no longer sign in nor see the account's projects. This cannot be undone.`,
    danger: true,
  },
  resend: {
    title: 'Resend invitation',
    button: 'Resend',
    text: (name) => `Send the invitation to ${name} again? The link of the previous e-mail stops working.`,
    danger: false,
  },
  revoke: {
    title: 'Revoke invitation',
    button: 'Revoke',
    text: (name) => `Withdraw the invitation of ${name}? The link in their e-mail stops working.`,
    danger: true,
  },
};

/** The confirmations of 'remove team member', 'resend invitation' and 'revoke invitation' (spec 000 §2.10). */
export function ConfirmPersonDialog({
  action,
  person,
  onClose,
  onDone,
}: {
  action: PersonAction;
  person: Collaborator;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const run = usePersonAction();
  const [error, setError] = useState<string | null>(null);
  const text = confirmations[action];
  const name = displayName(person);
  const confirm = () => {
    setError(null);
    run.mutate(
      { action, id: person.id },
      {
        onSuccess: () => {
          onDone(
            action === 'resend'
              ? `Invitation sent again to ${person.email}.`
              : action === 'revoke'
                ? `Invitation of ${person.email} revoked.`
                : `${name} removed from the team.`,
          );
          onClose();
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>{text.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text.text(name)}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={text.danger ? 'error' : 'primary'}
          loading={run.isPending}
          onClick={confirm}
        >
          {text.button}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
