import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { editUserRequest, type CurrentUser } from '@metocean/contracts';
import { applyServerErrors } from '../../api/forms';
import { useEditNames } from '../../api/queries';

const namesOnly = editUserRequest.pick({ firstName: true, lastName: true });
interface Names {
  firstName: string;
  lastName: string;
}

/** Edit one's own first and last name (spec 000 §5: both required). */
export function EditProfileDialog({
  open,
  onClose,
  user,
}: {
  open: boolean;
  onClose: () => void;
  user: CurrentUser;
}) {
  const edit = useEditNames();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Names>({
    resolver: zodResolver(namesOnly),
    values: { firstName: user.firstName, lastName: user.lastName },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = async (names: Names) => {
    try {
      await edit.mutateAsync({ id: user.id, ...names });
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['firstName', 'lastName']);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>Edit profile</DialogTitle>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
            <TextField
              label="First name"
              required
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
