import { z } from 'zod';
import { email } from './auth';
import { limits } from './limits';
import { messages } from './messages';

const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

/** The support address the screens name (computation errors, requests). */
export const SUPPORT_MAIL = 'support@metocean.example.com';

export const changelogRelease = z.object({
  version: z.string(),
  date: z.string().nullable(),
  notes: z.string(),
});
export const changelogResponse = z.object({
  currentVersion: z.string(),
  /** The whole changelog text; sections start with a heading holding the version in square brackets. */
  text: z.string(),
  releases: z.array(changelogRelease),
});
export type ChangelogResponse = z.infer<typeof changelogResponse>;

export const flatPage = z.object({ url: z.string(), title: z.string(), content: z.string() });

export const maintenanceNotice = z.object({ scheduledAt: z.string().nullable(), message: z.string() });
export const maintenanceUpdate = z.object({
  scheduledAt: z.string().nullable(),
  message: z.string().max(500).default(''),
  /** When true the API answers 426 'maintenance' to the web app until switched off. */
  active: z.boolean().default(false),
});

export const contactRequest = z.object({
  firstName: requiredText(limits.nameMax),
  lastName: requiredText(limits.nameMax),
  email,
  phone: z.string().trim().max(40).optional().default(''),
  companyName: requiredText(200),
  message: requiredText(limits.contactMessageMax),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const demoRequest = z.object({
  email,
  longitude: z.coerce
    .number({ error: messages.notNumber })
    .min(-180, messages.minValue(-180))
    .max(180, messages.maxValue(180)),
  latitude: z.coerce
    .number({ error: messages.notNumber })
    .min(-90, messages.minValue(-90))
    .max(90, messages.maxValue(90)),
});

export const trackingCategories = ['pageView', 'click', 'search', 'tutorial'] as const;
export const trackingEvent = z.object({
  category: z.enum(trackingCategories),
  action: z.string().trim().min(1).max(200),
  label: z.string().trim().max(500).default(''),
  path: z.string().max(500).default(''),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

export const historyEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  detail: z.string(),
});
export const historyResponse = z.array(historyEntry);

export const idResponse = z.object({ id: z.number() });

export const health = z.object({
  status: z.literal('ok'),
  database: z.boolean(),
  queue: z.boolean(),
  version: z.string(),
});
