import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useMaintenance } from '../api/queries';

const dismissedKey = 'metocean.maintenanceDismissed';

function formatWhen(scheduledAt: string): string {
  const date = new Date(scheduledAt);
  if (Number.isNaN(date.getTime())) return scheduledAt;
  return date.toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short' });
}

/**
 * Shown when a maintenance is scheduled, until dismissed for this browser session (spec 000 §2.2).
 * The dismissal remembers which maintenance it was, so a newly scheduled one shows again.
 */
export function MaintenanceBanner() {
  const { data } = useMaintenance();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissedKey));
  if (!data?.scheduledAt || dismissed === data.scheduledAt) return null;
  const scheduledAt = data.scheduledAt;
  return (
    <Alert
      severity="warning"
      square
      data-testid="maintenance-banner"
      onClose={() => {
        sessionStorage.setItem(dismissedKey, scheduledAt);
        setDismissed(scheduledAt);
      }}
      sx={{ borderRadius: 0, py: 0 }}
    >
      A maintenance is scheduled on {formatWhen(scheduledAt)}; the application may be unavailable for up to 10
      minutes.{data.message ? ` ${data.message}` : ''}
    </Alert>
  );
}
