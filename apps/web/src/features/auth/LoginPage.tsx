import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { paths, tokenGrant, tokenRequest, type TokenRequest } from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { useAccessToken, useSessionNotice, useSessionRestoring } from '../../api/hooks';
import { session } from '../../api/session';
import { FullPageLoader } from '../../components/Loader';
import { AuthLayout } from './AuthLayout';

/** Where to go after signing in: the page that sent the user here, if it was one of ours. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

export function LoginPage() {
  const accessToken = useAccessToken();
  const restoring = useSessionRestoring();
  const notice = useSessionNotice();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TokenRequest>({
    resolver: zodResolver(tokenRequest),
    defaultValues: { username: '', password: '' },
  });

  if (accessToken && !isSubmitting) return <Navigate to={returnPath(location.state)} replace />;
  if (restoring) return <FullPageLoader />;

  const onSubmit = async (values: TokenRequest) => {
    try {
      const grant = await apiRequest(paths.token, {
        method: 'POST',
        body: values,
        schema: tokenGrant,
        kind: 'public',
      });
      queryClient.clear();
      session.setNotice(null);
      session.start(grant.accessToken);
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      applyServerErrors(error, setError, ['username', 'password']);
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Use your username or e-mail address.">
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
        {notice && (
          <Alert severity={notice.severity} onClose={() => session.setNotice(null)}>
            {notice.message}
          </Alert>
        )}
        {errors.root?.server && (
          <Alert severity="error" role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <TextField
          label="Username or e-mail"
          autoComplete="username"
          autoFocus
          {...register('username')}
          error={!!errors.username}
          helperText={errors.username?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <Button type="submit" variant="contained" size="medium" loading={isSubmitting}>
          Sign in
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link component={RouterLink} to="/accounts/password/reset/" variant="body2">
            Forgot your password?
          </Link>
          <Link component={RouterLink} to="/registration" variant="body2">
            Create an account
          </Link>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
