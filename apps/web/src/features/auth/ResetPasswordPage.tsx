import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
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
import { detailResponse, messages, paths, resetPasswordRequest } from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { applyServerErrors } from '../../api/forms';
import { AuthLayout } from './AuthLayout';

type ResetForm = z.infer<typeof resetPasswordRequest>;

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ resolver: zodResolver(resetPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = async (values: ResetForm) => {
    try {
      const answer = await apiRequest(paths.resetPassword, {
        method: 'POST',
        body: values,
        schema: detailResponse,
        kind: 'public',
      });
      setSent(answer.detail || messages.resetSent);
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your e-mail address; we will send you a reset link."
    >
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
        {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          required
          {...register('email')}
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <Button type="submit" variant="contained" size="medium" loading={isSubmitting}>
          Send reset link
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">
          Back to sign in
        </Link>
      </Stack>
      <Dialog open={sent !== null} aria-labelledby="reset-sent-title">
        <DialogTitle id="reset-sent-title">Check your e-mail</DialogTitle>
        <DialogContent>
          <DialogContentText>{sent}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void navigate('/login')}>
            Back to sign in
          </Button>
        </DialogActions>
      </Dialog>
    </AuthLayout>
  );
}
