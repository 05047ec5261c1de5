// Alpha factors of weather-restricted operations (issue 32; docs/methods/alpha.md): the choice a planning
// or a contractors run makes ("none", the built-in DNV-OS-H101 (2011) Table 4-1, or a company table
// "user-<id>"), the company tables managers keep on the customer's settings page, and what a result says
// about the factors it applied.
import { z } from 'zod';

export const BUILT_IN_ALPHA = 'os-h101-2011-t4-1';
export const NO_ALPHA = 'none';

export const alphaMessages = {
  choice: `Choose none, ${BUILT_IN_ALPHA} or one of your company's alpha tables.`,
  unknownTable: 'This alpha table does not exist (it may have been deleted).',
  nameTaken: 'An alpha table of this name already exists, please choose another one',
  managersOnly: 'Only managers can change the alpha tables',
} as const;

/** "none", "os-h101-2011-t4-1" or "user-<id>" (a table of the caller's customer). */
export const alphaChoice = z
  .string()
  .trim()
  .regex(/^(?:none|os-h101-2011-t4-1|user-[1-9]\d{0,9})$/, alphaMessages.choice);
export type AlphaChoice = z.infer<typeof alphaChoice>;

export const alphaParameters = ['hs', 'wind_speed'] as const;
export const alphaParameterLabels: Record<(typeof alphaParameters)[number], string> = {
  hs: 'Significant wave height (m)',
  wind_speed: 'Wind speed (m/s)',
};

/** Bounds of a company table (core ALPHA_TABLE_LIMITS). */
export const ALPHA_TABLE_MAX_ROWS = 20;
export const ALPHA_TABLE_MAX_COLUMNS = 20;

/** A company table as a manager enters it; its order and value rules are checked by the service (core). */
export const alphaTableInput = z.object({
  name: z.string().trim().min(1, 'This field must not be blank').max(100),
  source: z.string().trim().min(1, 'This field must not be blank').max(300),
  parameter: z.enum(alphaParameters),
  tpopHours: z.array(z.number()).min(1).max(ALPHA_TABLE_MAX_ROWS),
  limits: z.array(z.number()).min(1).max(ALPHA_TABLE_MAX_COLUMNS),
  values: z.array(z.array(z.number()).max(ALPHA_TABLE_MAX_COLUMNS)).min(1).max(ALPHA_TABLE_MAX_ROWS),
});
export type AlphaTableInput = z.infer<typeof alphaTableInput>;

export const companyAlphaTable = alphaTableInput.extend({
  id: z.number(),
  /** The value a planning's settings `alpha` takes to use it. */
  choice: z.string(),
  customer: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyAlphaTable = z.infer<typeof companyAlphaTable>;

export const alphaFactored = z.object({
  tripId: z.string(),
  taskId: z.string(),
  activityId: z.string(),
  environment: z.string(),
  cell: z.string(),
  tpopHours: z.number(),
  rowHours: z.number(),
  parameter: z.enum(alphaParameters),
  limit: z.number(),
  alpha: z.number(),
  effectiveLimit: z.number(),
});

/** What a result says about its alpha factors (core AlphaSummary). */
export const alphaSummary = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  parameter: z.enum(alphaParameters),
  note: z.string().nullable(),
  factored: z.array(alphaFactored),
});
export type AlphaSummaryView = z.infer<typeof alphaSummary>;
