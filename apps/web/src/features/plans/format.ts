/** A date in the French format dd/mm/yyyy (spec 000 §2.10, end of access). */
export function frenchDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('fr-FR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const count = new Intl.NumberFormat('en-GB');

/** A project or point allowance: none set, or an unlimited offer, reads 'unlimited'. */
export function allowance(limit: number | null, isUnlimited: boolean): string {
  return limit === null || isUnlimited ? 'unlimited' : count.format(limit);
}

/**
 * Credits spent out of the account's total (spec 000 §3 Account: totalCredits, credits = what is left), and
 * that share in percent for a progress bar; an account never granted credits has used 0 %.
 */
export function creditsUsed(account: { totalCredits: number; credits: number }): {
  used: number;
  percent: number;
} {
  const used = Math.max(0, account.totalCredits - account.credits);
  const percent = account.totalCredits > 0 ? Math.min(100, (100 * used) / account.totalCredits) : 0;
  return { used, percent };
}

/** Plans that still give access: an offer is expired from its end on (spec 000 §4, decided by the server). */
export function activePlanCount(offers: readonly { expired: boolean }[]): number {
  return offers.filter((offer) => !offer.expired).length;
}

/** Active plans first, each group in the server's order (the order the account received them). */
export function activeFirst<T extends { expired: boolean }>(offers: readonly T[]): T[] {
  return [...offers].sort((a, b) => Number(a.expired) - Number(b.expired));
}

export interface OfferFlags {
  isTrial: boolean;
  isUnlimited: boolean;
  isMcDashboard: boolean;
  canBuildReport: boolean;
  canRunDowntime: boolean;
  canDownloadStats: boolean;
  hasMaps: boolean;
}

/** The offer's features, in the order the page shows them, with what each one allows. */
export const offerFeatures: readonly { flag: keyof OfferFlags; label: string; hint: string }[] = [
  { flag: 'isUnlimited', label: 'Unlimited', hint: 'Statistics without spending credits' },
  { flag: 'isTrial', label: 'Trial', hint: 'Free trial: one point in the demo zone' },
  { flag: 'canBuildReport', label: 'Reports', hint: 'Generate PDF reports' },
  { flag: 'canRunDowntime', label: 'Downtime', hint: 'Advanced weather downtime' },
  { flag: 'canDownloadStats', label: 'Download', hint: 'Download the statistics' },
  { flag: 'hasMaps', label: 'Maps', hint: 'Statistics maps of the zone' },
  { flag: 'isMcDashboard', label: 'MC dashboard', hint: 'Marine contractors dashboard' },
];
