import { FullPageLoader } from '../components/Loader';
import { PublicLayout, useSessionState } from '../features/public/PublicLayout';
import { Shell } from './Shell';

/**
 * Pages that need no account (the example statistics and the statistics help): inside the app's shell for
 * a signed-in user, in the public frame for a visitor.
 */
export function PublicOrShell() {
  const state = useSessionState();
  if (state === 'restoring') return <FullPageLoader />;
  return state === 'signedIn' ? <Shell /> : <PublicLayout padded />;
}
