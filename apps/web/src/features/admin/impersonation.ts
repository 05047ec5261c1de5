import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths, tokenGrant } from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { session } from '../../api/session';

/**
 * A superuser starts acting as another user: the server moves the refresh cookie to the impersonation (and
 * revokes the superuser's), this tab takes the new access token and the other tabs follow.
 */
export function useStartImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest(paths.impersonate, { method: 'POST', body: { userId }, schema: tokenGrant }),
    onSuccess: async (grant) => {
      queryClient.clear();
      session.start(grant.accessToken);
      await navigate('/hijack');
    },
  });
}

/** Back to the superuser's own session (a new one, in the cookie), on the admin page. */
export function useStopImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest(paths.impersonateStop, { method: 'POST', schema: tokenGrant }),
    onSuccess: async (grant) => {
      queryClient.clear();
      session.start(grant.accessToken);
      await navigate('/admin');
    },
  });
}
