import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { detailResponse, messages, paths, resetPasswordConfirmRequest } from '@metocean/contracts';
import { apiRequest, logout } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { AuthLayout } from './AuthLayout';
import { checkPasswords, PasswordHints } from './PasswordHints';

type ConfirmForm = z.infer<typeof resetPasswordConfirmRequest>;

const schema = resetPasswordConfirmRequest.superRefine((value, context) =>
  checkPasswords(value, (issue) => context.addIssue({ code: 'custom', ...issue })),
);
const fields = ['token', 'password', 'passwordConfirm'] as const;

export function ResetPasswordConfirmPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmForm>({
    resolver: zodResolver(schema),
    defaultValues: { token, password: '', passwordConfirm: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = async (values: ConfirmForm) => {
    try {
      const answer = await apiRequest(paths.resetPasswordConfirm, {
        method: 'POST',
        body: values,
        schema: detailResponse,
        kind: 'public',
      });
      // Whoever is signed in in this browser is signed out: the login page is for the account just
      // activated (or given a new password), and would otherwise send a signed-in user home.
      await logout({ message: answer.detail || messages.passwordChanged, severity: 'success' });
      await navigate('/login');
    } catch (error) {
      applyServerErrors(error, setError, fields);
    }
  };

  return (
    <AuthLayout title="Choose a new password">
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
        {!token && <Alert severity="warning">{messages.invalidResetToken}</Alert>}
        {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
        {errors.token && <Alert severity="error">{errors.token.message}</Alert>}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          {...register('password')}
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <PasswordHints password={password} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...register('passwordConfirm')}
          error={!!errors.passwordConfirm}
          helperText={errors.passwordConfirm?.message}
        />
        <Button type="submit" variant="contained" size="medium" loading={isSubmitting} disabled={!token}>
          Change password
        </Button>
        <Link component={RouterLink} to="/accounts/password/reset/" variant="body2">
          Ask for a new link
        </Link>
      </Stack>
    </AuthLayout>
  );
}
