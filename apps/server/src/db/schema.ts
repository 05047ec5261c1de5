// One schema for PGlite and PostgreSQL. Migrations are generated from it with drizzle-kit
// (`npm run db:generate -w @metocean/server`) and applied at boot.
import { sql } from 'drizzle-orm';
import type { CalibrationStamp } from '@metocean/contracts';
import type { Correction } from '@metocean/core';
import { decodePayload } from './payload';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * bytea that the application handles as base64 text: written through decode(), which the server runs, so
 * no client spells the bytes in hex (payload.ts says why). Read it with `encode(column, 'base64')` where
 * the bytes are large; selected bare, its bytes come back as base64 all the same.
 */
const base64Bytea = customType<{ data: string; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (base64) => sql`decode(${base64}, 'base64')`,
  fromDriver: (bytes) => Buffer.from(bytes).toString('base64'),
});

/** points.calibration: what the variant's users read (stamp) and what the worker applies (correction). */
export interface PointCalibration {
  stamp: CalibrationStamp;
  correction: Correction;
}

export interface UserSettingsColumn {
  showOverviewControl: boolean;
  dismissAllTutorials: boolean;
}

/** A customer account: people, offers and credits. The provider's own account has isProvider. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  /** Credits bought in all, and credits still available. */
  totalCredits: integer('total_credits').notNull().default(0),
  credits: integer('credits').notNull().default(0),
  isProvider: boolean('is_provider').notNull().default(false),
  /** The marine contractors wizard's percentile list (spec 001 §3 "Percentile set"); null: the default. */
  contractorPercentiles: jsonb('contractor_percentiles').$type<number[]>(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** False until the e-mail address is verified (sign-up) or the invitation accepted. */
    isActive: boolean('is_active').notNull().default(false),
    /** Set for invitees: who invited them. An inactive invited user is 'pending'. */
    invitedById: integer('invited_by_id'),
    verificationKeyHash: text('verification_key_hash'),
    verificationKeyExpiresAt: timestamp('verification_key_expires_at', { withTimezone: true }),
    usedCredits: integer('used_credits').notNull().default(0),
    settings: jsonb('settings')
      .$type<UserSettingsColumn>()
      .notNull()
      .default({ showOverviewControl: true, dismissAllTutorials: false }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username), uniqueIndex('users_email_key').on(t.email)],
);

/** Refresh tokens are opaque, stored hashed, rotated on every use; reuse revokes the whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    /** The superuser acting as this user, for impersonation sessions. */
    impersonatorId: integer('impersonator_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family').on(t.familyId),
  ],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export interface GeoJsonGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: number[][][] | number[][][][];
}
export interface Bounds {
  northEast: { lat: number; lon: number };
  southWest: { lat: number; lon: number };
}

export const zones = pgTable('zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  isDemo: boolean('is_demo').notNull().default(false),
  isWorld: boolean('is_world').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  isCyclonic: boolean('is_cyclonic').notNull().default(false),
  isPrivate: boolean('is_private').notNull().default(false),
  has2DStatistics: boolean('has_2d_statistics').notNull().default(false),
  geom: jsonb('geom').$type<GeoJsonGeometry>().notNull(),
  bounds: jsonb('bounds').$type<Bounds>().notNull(),
  createdAt: createdAt(),
});

export const datasets = pgTable('datasets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 'global' (Global Data) or 'regional' (High-Resolution). */
  kind: text('kind').notNull(),
  isPrivate: boolean('is_private').notNull().default(false),
  origin: text('origin').notNull().default(''),
  notes: text('notes').notNull().default(''),
  /** Grid, variables, period and storage location; the data issue defines its shape. */
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const datasetZones = pgTable(
  'dataset_zones',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.zoneId] })],
);

/** The flags an offer grants; copied onto each instance so a customer's deal can differ. */
const offerTerms = {
  packName: text('pack_name').notNull().default(''),
  credits: integer('credits').notNull().default(0),
  nbProjects: integer('nb_projects'),
  nbAuthPoints: integer('nb_auth_points'),
  hasMaps: boolean('has_maps').notNull().default(false),
  canReport: boolean('can_report').notNull().default(false),
  canDowntime: boolean('can_downtime').notNull().default(false),
  canDownload: boolean('can_download').notNull().default(false),
  isUnlimited: boolean('is_unlimited').notNull().default(false),
  hasUnlimitedFullStudy: boolean('has_unlimited_full_study').notNull().default(false),
  hasUnlimitedDiscover: boolean('has_unlimited_discover').notNull().default(false),
  isTrial: boolean('is_trial').notNull().default(false),
  isMcDashboard: boolean('is_mc_dashboard').notNull().default(false),
  /** Credits charged per computed point (the FAQ says 1 and 4; 1 by default, see docs/decisions.md). */
  creditsPerPoint: integer('credits_per_point').notNull().default(1),
};

export const offers = pgTable('offers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  informationalMessage: text('informational_message').notNull().default(''),
  durationDays: integer('duration_days').notNull().default(365),
  ...offerTerms,
  createdAt: createdAt(),
});

export const offerZones = pgTable(
  'offer_zones',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.zoneId] })],
);

export const offerInstances = pgTable('offer_instances', {
  id: serial('id').primaryKey(),
  offerId: integer('offer_id')
    .notNull()
    .references(() => offers.id),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  offerStart: timestamp('offer_start', { withTimezone: true }).notNull(),
  offerEnd: timestamp('offer_end', { withTimezone: true }).notNull(),
  ...offerTerms,
  createdAt: createdAt(),
});

export const offerInstanceZones = pgTable(
  'offer_instance_zones',
  {
    offerInstanceId: integer('offer_instance_id')
      .notNull()
      .references(() => offerInstances.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerInstanceId, t.zoneId] })],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    offerInstanceId: integer('offer_instance_id')
      .notNull()
      .references(() => offerInstances.id),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('PENDING'),
    type: integer('type').notNull().default(0),
    isMcDashboard: boolean('is_mc_dashboard').notNull().default(false),
    createdAt: createdAt(),
  },
  // Names are unique within a customer: a global rule would reveal other customers' project names.
  (t) => [uniqueIndex('projects_customer_name_key').on(t.customerId, t.name)],
);

/**
 * A project's change log (migration 0019, issue 34): a row appended by triggers, in the writer's own
 * transaction, with every write to the rows the project's detail shows (its points, their tasks and overview
 * results, collaborators, computations, its zone's datasets). The project's revision is the sum of `writes`
 * (projectRevision in db/project-changes.ts); compactProjectChanges folds a project's rows into one with
 * their sum. No foreign key: appending locks no row of `projects` (see the migration).
 */
export const projectChanges = pgTable(
  'project_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id').notNull(),
    writes: bigint('writes', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('project_changes_project').on(t.projectId, t.writes)],
);

export const projectCollaborators = pgTable(
  'project_collaborators',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

export const points = pgTable('points', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  nbVersion: integer('nb_version').notNull().default(1),
  isComputed: boolean('is_computed').notNull().default(false),
  hasSatelliteValidation: boolean('has_satellite_validation').notNull().default(false),
  /** A calibrated variant (issue 33): the original point, and the correction applied to its series. */
  calibrationOf: integer('calibration_of').references((): AnyPgColumn => points.id, { onDelete: 'cascade' }),
  calibration: jsonb('calibration').$type<PointCalibration>(),
  createdAt: createdAt(),
});

export const computations = pgTable('computations', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  spentById: integer('spent_by_id').references(() => users.id, { onDelete: 'set null' }),
  credits: integer('credits').notNull().default(0),
  isDowntime: boolean('is_downtime').notNull().default(false),
  status: text('status').notNull().default('PENDING'),
  createdAt: createdAt(),
});

export const tasks = pgTable('tasks', {
  id: serial('id').primaryKey(),
  pointId: integer('point_id')
    .notNull()
    .references(() => points.id, { onDelete: 'cascade' }),
  computationId: integer('computation_id').references(() => computations.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('PENDING'),
  processType: text('process_type').notNull().default(''),
  progress: integer('progress').notNull().default(0),
  error: text('error').notNull().default(''),
  document: text('document'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One stored statistic result of a point task, per statistic id (spec 000 §9 codes, monthly, level). */
export const results = pgTable(
  'results',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    statId: text('stat_id').notNull(),
    code: text('code').notNull(),
    // The payload's JSON, gzip'd by the statistics thread (db/payload.ts): written once and read whole, never
    // queried inside. Not compressed again by the database (STORAGE EXTERNAL, set by migration 0004).
    payload: base64Bytea('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('results_task_stat_key').on(t.taskId, t.statId), index('results_point').on(t.pointId)],
);

/** A result's payload, selected as base64 text (its bytes never cross in hex) and read back as its JSON. */
export const resultPayload = () => sql`encode(${results.payload}, 'base64')`.mapWith(decodePayload);

export const changelogReleases = pgTable('changelog_releases', {
  id: serial('id').primaryKey(),
  version: text('version').notNull().unique(),
  date: text('date'),
  notes: text('notes').notNull(),
});

export const flatPages = pgTable('flat_pages', {
  id: serial('id').primaryKey(),
  url: text('url').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
});

/** A single row (id 1): the scheduled maintenance notice and whether maintenance mode is on. */
export const maintenance = pgTable('maintenance', {
  id: integer('id').primaryKey(),
  scheduledAt: text('scheduled_at'),
  message: text('message').notNull().default(''),
  active: boolean('active').notNull().default(false),
});

export const contactRequests = pgTable('contact_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  companyName: text('company_name').notNull(),
  message: text('message').notNull(),
  forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
  forwardError: text('forward_error'),
  createdAt: createdAt(),
});

export const demoRequests = pgTable('demo_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  createdAt: createdAt(),
});

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id'),
    category: text('category').notNull(),
    action: text('action').notNull(),
    label: text('label').notNull().default(''),
    path: text('path').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_events_at').on(t.at)],
);

/** The audit trail read by GET /api/history/: sign-ins, invitations, impersonation, … */
export const eventLog = pgTable(
  'event_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('event_log_customer_at').on(t.customerId, t.at)],
);

/** A shape a user uploaded to a project (spec 000 §3 Geometry): KML folders, GeoJSON, shapefile. */
export interface GeometryLayerColumn {
  id: number;
  name: string;
  /** 'point', 'line' or 'polygon': what the layer's features are. */
  type: string;
  color: string;
  /** The layer's features, WGS 84. */
  features: Record<string, unknown>;
}

export const geometries = pgTable(
  'geometries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    layers: jsonb('layers').$type<GeometryLayerColumn[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('geometries_project').on(t.projectId)],
);

/** A layer of a zone's 2D statistics maps (spec 002 Stat2D): a rendered field with tiles and a property file. */
export const stat2dLayers = pgTable(
  'stat2d_layers',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** Overlay group of spec 002 'Map screens': Wind, Currents, Waves, Waves-TP, Water heights, … */
    group: text('group').notNull(),
    /** Field key, e.g. 'hs_mean', 'hs_p90'. */
    field: text('field').notNull(),
    name: text('name').notNull(),
    units: text('units').notNull().default(''),
    /** URL path of the tiles (…/{z}/{x}/{y}.png) and of the property file (colour bar, range, source). */
    tilesPath: text('tiles_path').notNull(),
    propertyFile: text('property_file').notNull(),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stat2d_layers_zone_field').on(t.zoneId, t.field)],
);

/** Maps bought by a customer for a zone (POST /api/stat2Ds/); offers with hasMaps need none. */
export const stat2dPurchases = pgTable(
  'stat2d_purchases',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    offerInstanceId: integer('offer_instance_id').references(() => offerInstances.id, {
      onDelete: 'set null',
    }),
    credits: integer('credits').notNull().default(0),
    boughtBy: integer('bought_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stat2d_purchases_customer_zone').on(t.customerId, t.zoneId)],
);

/** A measuring buoy (spec 002 §3 Buoy) with its observations stored under DATA_DIR like a dataset. */
export const buoys = pgTable('buoys', {
  id: serial('id').primaryKey(),
  /** The provider's station id, e.g. NDBC '44007'. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  centre: text('centre').notNull().default(''),
  provider: text('provider').notNull().default(''),
  type: text('type').notNull().default('buoy'),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  sensors: jsonb('sensors').$type<string[]>().notNull().default([]),
  dateBegin: timestamp('date_begin', { withTimezone: true }),
  dateEnd: timestamp('date_end', { withTimezone: true }),
  /** Where the observations are stored and how to read them (the data code defines its shape). */
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

/** A PDF report of a project (spec 000 §3 Report, §4 report lifecycle): a draft until generated. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    computationId: integer('computation_id').references(() => computations.id, { onDelete: 'set null' }),
    /** PENDING (draft or cleaned), RUNNING, FINISHED, FAILED, CANCELLED. */
    status: text('status').notNull().default('PENDING'),
    /** The pg-boss job of the current generation. */
    jobId: text('job_id'),
    /** The PDF under DATA_DIR/files/reports once FINISHED. */
    fileName: text('file_name'),
    reportType: text('report_type'),
    monthly: boolean('monthly').notNull().default(false),
    detailedDists: boolean('detailed_dists').notNull().default(false),
    tabulated: boolean('tabulated').notNull().default(false),
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    points: jsonb('points').$type<number[]>().notNull().default([]),
    progress: integer('progress').notNull().default(0),
    error: text('error').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Beaten by the worker running its job; null while the job waits (issue 29: the reconciler's clock). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('reports_project').on(t.projectId)],
);

/** A comment on a report (spec 000 §3 Report comment): any user of a non-expired project may add one. */
export const reportComments = pgTable(
  'report_comments',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('report_comments_report').on(t.reportId)],
);

/**
 * An AWD planning (spec 001 §3, issue 22): the uploaded plan (base64 .xlsx), its settings and points, its
 * status and progress, and the results layout once simulated.
 */
export const plannings = pgTable(
  'plannings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    document: base64Bytea('document').notNull(),
    /** PlanningSettings of packages/contracts (outputDir, percentiles, coords, aliases, formats). */
    settings: jsonb('settings').notNull(),
    /**
     * The Plan of packages/core read from the document once, at creation (issue 29): no read path opens the
     * workbook again. Null only for a planning created before it was kept, until the worker fills it in.
     */
    plan: jsonb('plan'),
    /** Simulations started since the last launch: one that died with its process is not retried forever. */
    attempts: integer('attempts').notNull().default(0),
    /** [{ name, lng, lat }] of the project points the plan uses, the first serving empty locations. */
    points: jsonb('points').notNull(),
    status: text('status').notNull().default('PENDING'),
    progress: integer('progress').notNull().default(0),
    errorMessage: text('error_message').notNull().default(''),
    results: jsonb('results'),
    /** Data versions the results were computed from (audit stamp). */
    stamp: jsonb('stamp'),
    createdAt: createdAt(),
    /** When its simulation was last queued (compute); null while it was never launched. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Beaten by the worker running its job; null while the job waits (issue 29: the reconciler's clock). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }),
  },
  (t) => [index('plannings_project').on(t.projectId)],
);

/** A boat of a customer for the marine contractors wizard (spec 001 §3 "Marine contractor chain"). */
export const contractorBoats = pgTable(
  'contractor_boats',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contractor_boats_customer_name').on(t.customerId, t.name)],
);

/** An operation of a boat. The API refuses to delete a boat with operations; a customer's removal cascades. */
export const contractorOperations = pgTable(
  'contractor_operations',
  {
    id: serial('id').primaryKey(),
    boatId: integer('boat_id')
      .notNull()
      .references(() => contractorBoats.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    durationHours: integer('duration_hours').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contractor_operations_boat_name').on(t.boatId, t.name)],
);

/** A weather constraint of an operation: varName <condition> limit (in unit). */
export const contractorConstraints = pgTable(
  'contractor_constraints',
  {
    id: serial('id').primaryKey(),
    operationId: integer('operation_id')
      .notNull()
      .references(() => contractorOperations.id, { onDelete: 'cascade' }),
    varName: text('var_name').notNull(),
    condition: text('condition').notNull(),
    limit: doublePrecision('limit').notNull(),
    unit: text('unit').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contractor_constraints_operation').on(t.operationId)],
);

/**
 * The marine contractors wizard's job of a project (one per project): the step the wizard is at, the
 * parameters chosen so far, the run's status and progress, and its results (ContractorResults).
 */
export const contractorJobs = pgTable('contractor_jobs', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .unique()
    .references(() => projects.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  step: text('step').notNull().default('OPERATIONS'),
  status: text('status').notNull().default('IDLE'),
  progress: integer('progress').notNull().default(0),
  /** ContractorParameters of packages/contracts. */
  parameters: jsonb('parameters').notNull(),
  errorMessage: text('error_message').notNull().default(''),
  results: jsonb('results'),
  createdAt: createdAt(),
  queuedAt: timestamp('queued_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  /** Beaten by the worker running its job; null while the job waits (issue 29: the reconciler's clock). */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  computedAt: timestamp('computed_at', { withTimezone: true }),
});

/** Satellite comparisons of a point (spec 002 "Satellite comparison"; docs/decisions.md, "satellite"). */
export const satelliteComparisons = pgTable(
  'satellite_comparisons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** PENDING, RUNNING, FINISHED or FAILED. */
    status: text('status').notNull().default('PENDING'),
    errorMessage: text('error_message').notNull().default(''),
    /** Per variable: units, counts, metrics (the API's `stats`). */
    stats: jsonb('stats'),
    /** SatelliteVisuData of packages/contracts. */
    visu: jsonb('visu'),
    /** Per variable: the matchups' columns, for the download. */
    matchups: jsonb('matchups'),
    synthetic: boolean('synthetic'),
    createdAt: createdAt(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Beaten by the worker running its job; null while the job waits (issue 29: the reconciler's clock). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }),
  },
  (t) => [
    index('satellite_comparisons_point').on(t.pointId),
    // one comparison in flight per point: two launches racing cannot both start
    uniqueIndex('satellite_comparisons_one_running')
      .on(t.pointId)
      .where(sql`${t.status} in ('PENDING', 'RUNNING')`),
  ],
);

/**
 * A company's alpha table (issue 32): rows TPOP (hours), columns a limit of Hs (m) or wind speed (m/s),
 * α in (0, 1]; managers keep them on the customer's settings page, plannings and contractors runs choose
 * one as "user-<id>". A result keeps its own copy of the table it used (its stamp).
 */
export const alphaTables = pgTable(
  'alpha_tables',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source').notNull(),
    parameter: text('parameter').notNull(),
    tpopHours: jsonb('tpop_hours').$type<number[]>().notNull(),
    limits: jsonb('limits').$type<number[]>().notNull(),
    values: jsonb('values').$type<number[][]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alpha_tables_customer_name').on(t.customerId, t.name)],
);
