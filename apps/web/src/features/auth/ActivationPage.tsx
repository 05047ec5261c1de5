import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
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
  activationResponse,
  APP_VERSION,
  invitationActivationRequest,
  paths,
} from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { session } from '../../api/session';
import { FullPageLoader } from '../../components/Loader';
import { markVersionSeen } from '../changelog/notes';
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
  const queryClient = useQueryClient();
  const invite = params.get('invite') === '1';
  const keyInLink = params.get('key') ?? '';
  // The mail says "open this link to activate": opening it activates, without a second click (issue 35).
  // An invitee still chooses a password here; a key typed by hand goes through the form.
  const activatesOnOpen = !invite && keyInLink.trim() !== '';
  const opened = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ActivationForm>({
    resolver: zodResolver(invite ? invitationSchema : activationRequest),
    defaultValues: {
      verificationKey: keyInLink,
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
        schema: activationResponse,
        kind: 'public',
      });
      // Whoever was signed in in this browser gives way to the account just activated (the answer's
      // cookie replaced theirs); a refused key leaves them signed in.
      queryClient.clear();
      session.setNotice(null);
      // A new account has no release to catch up on: the "What's new" notes stay closed (issue 35).
      markVersionSeen(APP_VERSION);
      session.start(answer.accessToken);
      await navigate('/', { replace: true });
    } catch (error) {
      applyServerErrors(error, setError, fields);
    }
  };

  useEffect(() => {
    if (!activatesOnOpen || opened.current) return;
    opened.current = true;
    void handleSubmit(onSubmit)();
    // Once, on opening the link; the form serves any later attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (activatesOnOpen && (!isSubmitted || isSubmitting) && !errors.root && !errors.verificationKey)
    return <FullPageLoader />;

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
