import { z } from 'zod';
import { email } from './auth';
import { entityId } from './ids';
import { limits } from './limits';
import { messages } from './messages';

export const roles = ['manager', 'member', 'pending'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const userSettings = z.object({ showOverviewControl: z.boolean(), dismissAllTutorials: z.boolean() });
export type UserSettings = z.infer<typeof userSettings>;

export const pack = z.object({
  name: z.string(),
  hasUnlimitedFullStudy: z.boolean(),
  hasUnlimitedDiscover: z.boolean(),
});

export const account = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  collaborators: z.number(),
  totalCredits: z.number(),
  credits: z.number(),
  pack: pack.nullable(),
  subscriptionEnd: z.string().nullable(),
  subscriptionExpired: z.boolean(),
});
export type Account = z.infer<typeof account>;

export const userCounts = z.object({
  projects: z.number(),
  computations: z.number(),
  downtimeComputations: z.number(),
  reports: z.number(),
  /** Report comments written (spec 000 §2.10 showed "N/A"; issue 30: the count the usage analysis has). */
  comments: z.number(),
});

export const currentUser = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  customerId: z.number(),
  role,
  isStaff: z.boolean(),
  isSuperuser: z.boolean(),
  usedCredits: z.number(),
  settings: userSettings,
  accounts: z.array(account),
  counts: userCounts,
  /** Set while a superuser acts as this user. */
  impersonator: z.object({ id: z.number(), username: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const collaborator = z.object({
  id: z.number(),
  username: z.string(),
  customerName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role,
  /** The manager flag, also of a pending invitee (whose role is 'pending' until activation). */
  isStaff: z.boolean(),
  usedCredits: z.number(),
});
export type Collaborator = z.infer<typeof collaborator>;

export const inviteRequest = z.object({
  email,
  isStaff: z.boolean().default(false),
  firstName: z.string().trim().max(limits.nameMax).optional(),
  lastName: z.string().trim().max(limits.nameMax).optional(),
  /** The projects the invitee may see from the start (spec 000 §6: "with optional … project access"). */
  projects: z.array(entityId()).max(500).default([]),
});
export type InviteRequest = z.input<typeof inviteRequest>;
export const inviteResponse = z.object({ id: z.number(), email: z.string() });

const personName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(limits.nameMax, messages.maxLength(limits.nameMax));
export const editUserRequest = z.object({
  firstName: personName,
  lastName: personName,
  isStaff: z.boolean().optional(),
});
