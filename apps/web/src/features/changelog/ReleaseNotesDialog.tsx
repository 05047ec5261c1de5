import { lazy, Suspense, useState } from 'react';
import { useChangelog } from '../../api/queries';
import { useFirstVisitDialog } from '../../app/first-visit';
import { lastSeenVersion, markVersionSeen } from './notes';

// The dialog itself (MUI Dialog, the notes' renderer) is fetched only when there are notes to show: most
// page loads have none, and the first page stays small (issue 34).
const ReleaseNotesView = lazy(() => import('./ReleaseNotesView'));

/**
 * Opens by itself when the current version has a changelog section and this browser last saw another
 * version (spec 000 §2.2). Closing it, by Ok or by the changelog link, records the version as seen.
 */
export function ReleaseNotesDialog() {
  const { data, isPending } = useChangelog();
  const [seen, setSeen] = useState(lastSeenVersion);
  const release = data?.releases.find((entry) => entry.version === data.currentVersion);
  const shown = !!data && !!release && seen !== data.currentVersion;
  // while the changelog loads, whether the notes will show is not known yet: tutorials wait for it too
  useFirstVisitDialog('release-notes', shown || isPending);
  if (!data || !release || !shown) return null;

  const close = () => {
    markVersionSeen(data.currentVersion);
    setSeen(data.currentVersion);
  };
  return (
    <Suspense fallback={null}>
      <ReleaseNotesView release={release} onClose={close} />
    </Suspense>
  );
}
