// Usage analysis for the provider's staff (spec 002 §2 "Usage analysis (staff)", §3 Usage customer, user and
// offer, §6, §7 GET /api/usage/…): counts aggregated from the projects, reports, plannings, points, credits,
// offer instances, sign-ins and page views the application records, and the exports of its audit trail.
import { z } from 'zod';
import { EXPORT_KINDS } from './visu';

const date = z.string().nullable();

/** A point of a project, as the usage tables list it. */
export const usagePoint = z.object({
  id: z.number(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  projectId: z.number(),
  projectName: z.string(),
});
export type UsagePoint = z.infer<typeof usagePoint>;

export const usageUser = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  lastLogin: date,
  /** Projects the user created, reports they generated, plannings they uploaded. */
  projectCount: z.number(),
  reportCount: z.number(),
  downtimeCount: z.number(),
  /** The points of the projects the user created. */
  points: z.array(usagePoint),
});
export type UsageUser = z.infer<typeof usageUser>;

export const usageOfferInstance = z.object({
  /** The offer's id. */
  offer: z.number(),
  name: z.string(),
  description: z.string(),
  projectCount: z.number(),
  /** Credits spent on this instance: point computations and maps bought with it. */
  creditCount: z.number(),
  reportCount: z.number(),
  downtimeCount: z.number(),
  offerEnd: z.string(),
});
export type UsageOfferInstance = z.infer<typeof usageOfferInstance>;

export const exportCounts = z.object(
  Object.fromEntries(EXPORT_KINDS.map((kind) => [kind, z.number()])) as Record<
    (typeof EXPORT_KINDS)[number],
    z.ZodNumber
  >,
);
export type ExportCounts = z.infer<typeof exportCounts>;

/** Exports of statistics by statistic code (WW, DR, …) and format; null when the customer exported none. */
export const exportDetails = z.object({
  data: z.record(z.string(), exportCounts),
  generatedAt: z.string(),
});
export type ExportDetails = z.infer<typeof exportDetails>;

export const usageCustomer = z.object({
  id: z.number(),
  name: z.string(),
  projectCount: z.number(),
  reportCount: z.number(),
  downtimeCount: z.number(),
  /** Users who activated their account. */
  activeUser: z.number(),
  /** Offer instances running today. */
  activeOffer: z.number(),
  /** The latest end of the running offer instances. */
  subscriptionEnd: date,
  /** The latest sign-in or page view of the customer's users (not of a superuser acting as them). */
  lastVisit: date,
  lastVisitBy: z.string().nullable(),
  /** Credits spent: point computations and maps bought. */
  creditCount: z.number(),
  offerInstances: z.array(usageOfferInstance),
  users: z.array(usageUser),
  points: z.array(usagePoint),
  exportDetails: exportDetails.nullable(),
});
export type UsageCustomer = z.infer<typeof usageCustomer>;

export const usageZone = z.object({
  name: z.string(),
  isActive: z.boolean(),
  isDemo: z.boolean(),
  isPrivate: z.boolean(),
  isWorld: z.boolean(),
});

/** What a project created with the offer is (spec 000 §2.3 card bands): the projectTypes key. */
export const PROJECT_TEMPLATES = ['offer', 'light', 'dashboard'] as const;

export const usageOffer = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  projectTemplate: z.enum(PROJECT_TEMPLATES),
  canRunDowntime: z.boolean(),
  canBuildReport: z.boolean(),
  hasMaps: z.boolean(),
  isUnlimited: z.boolean(),
  /** The customers holding an instance of the offer. */
  customers: z.array(z.object({ id: z.number(), name: z.string() })),
  zones: z.array(usageZone),
});
export type UsageOffer = z.infer<typeof usageOffer>;

export const PROJECT_TEMPLATE_LABELS: Record<UsageOffer['projectTemplate'], string> = {
  offer: 'Study',
  light: 'Light (trial)',
  dashboard: 'Marine contractors dashboard',
};

/**
 * The usage lists are paged (GET /api/usage/customers/?page=2&page_size=25&ordering=-lastVisit; the spec is
 * silent): `page` from 1, `page_size` up to USAGE_PAGE_SIZE_MAX, `ordering` a column key, '-' first for
 * descending. The answer is { count, next, previous, results } with next and previous as paths.
 */
export const USAGE_PAGE_SIZE = 25;
export const USAGE_PAGE_SIZE_MAX = 200;

export const usageMessages = {
  ordering: (keys: readonly string[]) =>
    `Unknown ordering: use one of ${keys.join(', ')}, with "-" first for descending`,
  page: 'Invalid page.',
} as const;

export const usageListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(USAGE_PAGE_SIZE_MAX).default(USAGE_PAGE_SIZE),
  ordering: z
    .string()
    .max(40)
    .regex(/^-?[A-Za-z]+$/, 'ordering is a column key, with "-" first for descending')
    .optional(),
});
export type UsageListQuery = z.infer<typeof usageListQuery>;

export const usagePage = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export interface UsagePage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type SortValue = string | number | boolean | null;
export type SortDirection = 'asc' | 'desc';

/**
 * Rows sorted by one column: numbers by value, text case-insensitively (digits as numbers), ties kept in
 * the given order; empty values (no date, no name) last in either direction. The server pages the usage
 * lists in this order and the web sorts the detail pages' tables with it.
 */
export function sortedRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        if (a.key === b.key) return a.index - b.index;
        return a.key === null ? 1 : -1;
      }
      const order =
        typeof a.key === 'string' && typeof b.key === 'string'
          ? a.key.localeCompare(b.key, 'en', { sensitivity: 'base', numeric: true })
          : Number(a.key) - Number(b.key);
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((entry) => entry.row);
}

const fullName = (user: Pick<UsageUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim() || null;
const flag = (value: boolean) => (value ? 1 : 0);

/** The column keys each usage list sorts by (the web table's column ids), and the value each sorts on. */
export const usageOrderings = {
  customers: {
    name: (c: UsageCustomer) => c.name,
    projects: (c: UsageCustomer) => c.projectCount,
    points: (c: UsageCustomer) => c.points.length,
    reports: (c: UsageCustomer) => c.reportCount,
    downtimes: (c: UsageCustomer) => c.downtimeCount,
    activeUsers: (c: UsageCustomer) => c.activeUser,
    activeOffers: (c: UsageCustomer) => c.activeOffer,
    credits: (c: UsageCustomer) => c.creditCount,
    subscriptionEnd: (c: UsageCustomer) => c.subscriptionEnd,
    lastVisit: (c: UsageCustomer) => c.lastVisit,
    lastVisitBy: (c: UsageCustomer) => c.lastVisitBy,
  },
  users: {
    username: (u: UsageUser) => u.username,
    name: fullName,
    email: (u: UsageUser) => u.email,
    lastLogin: (u: UsageUser) => u.lastLogin,
    projects: (u: UsageUser) => u.projectCount,
    reports: (u: UsageUser) => u.reportCount,
    downtimes: (u: UsageUser) => u.downtimeCount,
    points: (u: UsageUser) => u.points.length,
  },
  offers: {
    name: (o: UsageOffer) => o.name,
    template: (o: UsageOffer) => PROJECT_TEMPLATE_LABELS[o.projectTemplate],
    downtime: (o: UsageOffer) => flag(o.canRunDowntime),
    report: (o: UsageOffer) => flag(o.canBuildReport),
    maps: (o: UsageOffer) => flag(o.hasMaps),
    unlimited: (o: UsageOffer) => flag(o.isUnlimited),
    customers: (o: UsageOffer) => o.customers.length,
    zones: (o: UsageOffer) => o.zones.length,
  },
} as const;
