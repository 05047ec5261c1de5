import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { contactRequest, type CurrentUser } from '@metocean/contracts';
import { applyServerErrors } from '../../api/forms';
import { useContact } from '../../api/queries';
import { trackClick } from '../../api/tracking';

type ContactForm = z.input<typeof contactRequest>;
const fields = ['firstName', 'lastName', 'email', 'phone', 'companyName', 'message'] as const;
const required = ['firstName', 'lastName', 'email', 'companyName', 'message'] as const;

/**
 * The 'Contact us' form (spec 000 §3, §5): submit stays disabled until message, company, first name, last
 * name and e-mail are filled; the phone is optional.
 */
export function ContactDialog({
  open,
  onClose,
  user,
}: {
  open: boolean;
  onClose: () => void;
  /** The signed-in user, whose names prefill the form; a visitor (the public FAQ) types them. */
  user: CurrentUser | undefined;
}) {
  const contact = useContact();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<ContactForm, unknown, z.output<typeof contactRequest>>({
    resolver: zodResolver(contactRequest),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: '',
      companyName: user?.accounts[0]?.name ?? '',
      message: '',
    },
  });
  // each opening is a 'contact us' click, wherever it came from (the path tells where)
  useEffect(() => {
    if (open) trackClick('contactUs');
  }, [open]);
  const values = useWatch({ control });
  const complete = required.every((name) => (values[name] ?? '').trim().length > 0);

  const close = () => {
    onClose();
    if (isSubmitSuccessful) reset();
  };

  const onSubmit = async (request: z.output<typeof contactRequest>) => {
    try {
      await contact.mutateAsync(request);
    } catch (error) {
      applyServerErrors(error, setError, fields);
      throw error;
    }
  };

  const field = (name: (typeof fields)[number]) => ({
    ...register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 568 } } }}
    >
      <DialogTitle>Contact us</DialogTitle>
      {isSubmitSuccessful ? (
        <>
          <DialogContent>
            <Alert severity="success">
              Thank you, your message has been sent. We will get back to you shortly.
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}>
          <DialogContent sx={{ pt: 1 }}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
              <Stack direction="row" spacing={2}>
                <TextField label="First name" required {...field('firstName')} />
                <TextField label="Last name" required {...field('lastName')} />
              </Stack>
              <Stack direction="row" spacing={2}>
                <TextField label="E-mail" type="email" required {...field('email')} />
                <TextField label="Phone (optional)" type="tel" {...field('phone')} />
              </Stack>
              <TextField label="Company" required {...field('companyName')} />
              <TextField label="Message" required multiline minRows={4} maxRows={10} {...field('message')} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!complete} loading={isSubmitting}>
              Send
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
