// The public bar's links and actions: part of every first page, apart from the public pages' words
// (./content.ts), which load with those pages (issue 34).

/** The public pages' menu, in the bar's order. */
export const PUBLIC_LINKS = [
  { to: '/front', label: 'Product' },
  { to: '/features', label: 'Features' },
  { to: '/demo', label: 'Free demo' },
  { to: '/help/statistics', label: 'Example statistics' },
  { to: '/help/faq', label: 'FAQ' },
  { to: '/help/advanced_weather_downtime', label: 'AWD guide' },
] as const;

export type SessionState = 'restoring' | 'signedOut' | 'signedIn';

/**
 * What the public bar offers: nothing while the session is being restored (no flash of "Sign in" for a
 * signed-in visitor), the way into the app when signed in, sign-in and sign-up otherwise.
 */
export function sessionActions(state: SessionState): ('open' | 'signIn' | 'register')[] {
  if (state === 'restoring') return [];
  return state === 'signedIn' ? ['open'] : ['signIn', 'register'];
}
