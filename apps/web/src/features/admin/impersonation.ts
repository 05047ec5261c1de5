import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths, tokenPair } from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { session } from '../../api/session';

/** A superuser starts acting as another user: the session switches to that user's tokens. */
export function useStartImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest(paths.impersonate, { method: 'POST', body: { userId }, schema: tokenPair }),
    onSuccess: async (pair) => {
      queryClient.clear();
      session.start(pair);
      await navigate('/hijack');
    },
  });
}

/** Back to the superuser's own session, on the admin page. */
export function useStopImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest(paths.impersonateStop, { method: 'POST', schema: tokenPair }),
    onSuccess: async (pair) => {
      queryClient.clear();
      session.start(pair);
      await navigate('/admin');
    },
  });
}
