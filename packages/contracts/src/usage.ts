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
