// Business constants and limits (spec 000 §9). One place for each number.

export const limits = {
  passwordMinLength: 8,
  projectNameMin: 3,
  projectNameMax: 50,
  usernameMax: 150,
  nameMax: 150,
  pointNameMax: 50,
  emailMax: 254,
  contactMessageMax: 5000,
  tokenRenewalSeconds: 120,
  accessTokenSeconds: 15 * 60,
  refreshTokenDays: 14,
  inactivityLogoutMinutes: 60,
  loginFailuresBeforeLock: 5,
  lockMinutes: 5,
  versionHeader: 'X-App-Version',
  /** Sent as `cookie` by the web app: keep my refresh token in the HttpOnly cookie, out of the body. */
  tokenTransportHeader: 'X-Token-Transport',
} as const;

export const specialOffers = {
  freeTrial: 'Free Trial',
  onDemand: 'On Demand',
  demoPack: 'Pack 10 Demo',
  standardAccess: 'Standard Access',
} as const;

/** Compares dotted versions numerically: -1, 0 or 1. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (Number.isNaN(x) || Number.isNaN(y)) return a.localeCompare(b);
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
