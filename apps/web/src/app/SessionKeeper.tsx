import { useEffect } from 'react';
import { limits, messages } from '@metocean/contracts';
import { logout, renewTokens } from '../api/client';
import { secondsLeft } from '../api/jwt';
import { useAccessToken } from '../api/hooks';
import { lastActivityKey } from '../api/session';

const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;
const inactivityMs = limits.inactivityLogoutMinutes * 60_000;

function lastActivity(): number {
  const stored = Number(localStorage.getItem(lastActivityKey));
  return Number.isFinite(stored) && stored > 0 ? stored : Date.now();
}

/**
 * Keeps the session alive while it is used and ends it when it is not (spec 000 §4 Session):
 * renews the access token when 120 s of validity remain, and logs out after the inactivity limit.
 * Activity is shared between tabs through localStorage so a busy tab keeps an idle one signed in.
 */
export function SessionKeeper() {
  const accessToken = useAccessToken();

  // Renewal timer: fires when the token enters its renewal margin.
  useEffect(() => {
    if (!accessToken) return;
    // Up to 20 s of jitter inside the 120 s margin, so tabs sharing the session rarely renew at once.
    const jitterMs = Math.random() * 20_000;
    const delayMs = Math.max(0, (secondsLeft(accessToken) - limits.tokenRenewalSeconds) * 1000 + jitterMs);
    const timer = window.setTimeout(() => void renewTokens().catch(() => undefined), delayMs);
    return () => window.clearTimeout(timer);
  }, [accessToken]);

  // Inactivity: record activity (at most every 5 s) and check the idle time every 15 s.
  const signedIn = accessToken !== null;
  useEffect(() => {
    if (!signedIn) return;
    if (Date.now() - lastActivity() > inactivityMs) {
      void logout({ message: messages.inactivityLogout, severity: 'info' });
      return;
    }
    let recorded = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - recorded < 5_000) return;
      recorded = now;
      localStorage.setItem(lastActivityKey, String(now));
    };
    onActivity();
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    const check = window.setInterval(() => {
      if (Date.now() - lastActivity() > inactivityMs) {
        void logout({ message: messages.inactivityLogout, severity: 'info' });
      }
    }, 15_000);
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
      window.clearInterval(check);
    };
  }, [signedIn]);

  return null;
}
