import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  activationRequest,
  detailResponse,
  invitationActivationRequest,
  messages,
  paths,
} from '@metocean/contracts';
import { apiRequest, logout } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { AuthLayout } from './AuthLayout';
import { checkPasswords, PasswordHints } from './PasswordHints';

type ActivationForm = z.infer<typeof invitationActivationRequest>;

// An invitee also chooses a password (and may pick a username) when activating.
const invitationSchema = invitationActivationRequest
  .extend({ username: z.string().trim().optional() })
  .superRefine((value, context) =>
    checkPasswords(value, (issue) => context.addIssue({ code: 'custom', ...issue })),
  );

const fields = ['verificationKey', 'username', 'password', 'passwordConfirm'] as const;

export function ActivationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invite = params.get('invite') === '1';
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ActivationForm>({
    resolver: zodResolver(invite ? invitationSchema : activationRequest),
    defaultValues: {
      verificationKey: params.get('key') ?? '',
      username: '',
      password: '',
      passwordConfirm: '',
    },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const username = useWatch({ control, name: 'username' }) ?? '';

  const onSubmit = async (values: ActivationForm) => {
    const body = invite
      ? { ...values, username: values.username ? values.username : undefined }
      : { verificationKey: values.verificationKey };
    try {
      const answer = await apiRequest(paths.registrationActivate, {
        method: 'POST',
        body,
        schema: detailResponse,
        kind: 'public',
      });
      // Whoever is signed in in this browser is signed out: the login page is for the account just
      // activated (or given a new password), and would otherwise send a signed-in user home.
      await logout({ message: answer.detail || messages.activationDone, severity: 'success' });
      await navigate('/login');
    } catch (error) {
      applyServerErrors(error, setError, fields);
    }
  };

  const field = (name: (typeof fields)[number]) => ({
    ...register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
  });

  return (
    <AuthLayout
      title={invite ? 'Join your team' : 'Activate your account'}
      subtitle={
        invite
          ? 'You were invited to Metocean Studio. Choose your password to activate your account.'
          : 'Confirm the verification key from your e-mail to activate your account.'
      }
      width={invite ? 480 : 420}
    >
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
        {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
        <TextField label="Verification key" required {...field('verificationKey')} />
        {invite && (
          <>
            <TextField
              label="Username (optional)"
              autoComplete="username"
              {...field('username')}
              helperText={errors.username?.message ?? 'Leave empty to keep the one chosen for you.'}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              {...field('password')}
            />
            <PasswordHints password={password} info={{ username }} />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              required
              {...field('passwordConfirm')}
            />
          </>
        )}
        <Button type="submit" variant="contained" size="medium" loading={isSubmitting}>
          Activate account
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">
          Back to sign in
        </Link>
      </Stack>
    </AuthLayout>
  );
}
