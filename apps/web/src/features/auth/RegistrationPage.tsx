import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  APP_VERSION,
  detailResponse,
  messages,
  paths,
  pendingRegistrationResponse,
  registrationRequest,
  type RegistrationRequest,
} from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { markVersionSeen } from '../changelog/notes';
import { AuthLayout } from './AuthLayout';
import { checkPasswords, PasswordHints } from './PasswordHints';

const schema = registrationRequest.superRefine((value, context) =>
  checkPasswords(value, (issue) => context.addIssue({ code: 'custom', ...issue })),
);
const fields = ['username', 'email', 'firstName', 'lastName', 'password', 'passwordConfirm'] as const;

export function RegistrationPage() {
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);
  const [pendingNotice, setPendingNotice] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      username: '',
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      passwordConfirm: '',
    },
  });
  const values = useWatch({ control });

  const onSubmit = async (request: RegistrationRequest) => {
    try {
      const answer = await apiRequest(paths.registration, {
        method: 'POST',
        body: request,
        schema: detailResponse,
        kind: 'public',
      });
      // A new account has no release to catch up on: this browser has seen the current version.
      markVersionSeen(APP_VERSION);
      setDone(answer.detail);
    } catch (error) {
      applyServerErrors(error, setError, fields);
    }
  };

  // Tells people who already signed up but never activated to look for the e-mail instead.
  const checkPending = async (email: string) => {
    if (!/^\S+@\S+\.\S+$/.test(email)) return setPendingNotice(false);
    try {
      const answer = await apiRequest(paths.registrationPending, {
        method: 'POST',
        body: { email },
        schema: pendingRegistrationResponse,
        kind: 'public',
      });
      setPendingNotice(answer.pending);
    } catch {
      setPendingNotice(false);
    }
  };

  const field = (name: (typeof fields)[number]) => ({
    ...register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
  });

  return (
    <AuthLayout title="Create an account" subtitle="We will send you an e-mail to activate it." width={520}>
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
        {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
        <Stack direction="row" spacing={2}>
          <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </Stack>
        <TextField label="Username" autoComplete="username" required {...field('username')} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...field('email')}
          onBlur={(event) => {
            void register('email').onBlur(event);
            void checkPending(event.target.value.trim());
          }}
        />
        {pendingNotice && (
          <Alert severity="info">
            An account with this e-mail is waiting for activation. Follow the link in the activation e-mail.
          </Alert>
        )}
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <PasswordHints
          password={values.password ?? ''}
          info={{
            username: values.username,
            email: values.email,
            firstName: values.firstName,
            lastName: values.lastName,
          }}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...field('passwordConfirm')}
        />
        <Button type="submit" variant="contained" size="medium" loading={isSubmitting}>
          Sign up
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">
          Already have an account? Sign in
        </Link>
      </Stack>
      <Dialog open={done !== null} aria-labelledby="signup-success-title">
        <DialogTitle id="signup-success-title">Sign-up complete</DialogTitle>
        <DialogContent>
          <DialogContentText>{done ?? messages.registrationDone}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void navigate('/login')}>
            Go to sign in
          </Button>
        </DialogActions>
      </Dialog>
    </AuthLayout>
  );
}
