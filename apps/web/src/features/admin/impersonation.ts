import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@metocean/contracts';
import { apiRequest, tokenGrant } from '../../api/client';
import { session } from '../../api/session';

/**
 * True while the signed-in user changes (an impersonation starting or ending) and the app has not yet reached
 * the next page: the page left behind (admin, hijack) already sees the other user, and must wait rather than
 * log them out as unauthorised or send them home. A module value, not component state: the shell shows its
 * loader while the new user loads, which remounts the page.
 */
let switching = false;
export const switchingUser = () => switching;

/** Takes the new session and goes to `to`, the page left behind told that the user is switching. */
async function switchTo(
  queryClient: ReturnType<typeof useQueryClient>,
  navigate: ReturnType<typeof useNavigate>,
  accessToken: string,
  to: string,
) {
  switching = true;
  try {
    queryClient.clear();
    session.start(accessToken);
    await navigate(to);
  } finally {
    switching = false;
  }
}

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
    onSuccess: (grant) => switchTo(queryClient, navigate, grant.accessToken, '/hijack'),
  });
}

/** Back to the superuser's own session (a new one, in the cookie), on the admin page. */
export function useStopImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest(paths.impersonateStop, { method: 'POST', schema: tokenGrant }),
    onSuccess: (grant) => switchTo(queryClient, navigate, grant.accessToken, '/admin'),
  });
}
