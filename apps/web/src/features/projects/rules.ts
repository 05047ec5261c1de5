// The project rules of spec 000 §2.3–2.5, §4 and §5 that the pages share, kept pure for unit tests.
import {
  limits,
  messages,
  projectTypes,
  specialOffers,
  type Offer,
  type ProjectListItem,
} from '@metocean/contracts';

export const datasetKinds = ['global', 'regional'] as const;
export type DatasetKind = (typeof datasetKinds)[number];

/** Offer name and zone name joined by a hyphen, forbidden characters to underscores, runs collapsed. */
export function trialProjectName(offerName: string, zoneName: string, suffix = 0): string {
  const base = `${offerName}-${zoneName}`.replace(/[^A-Za-z0-9_-]/g, '_').replace(/_+/g, '_');
  const withSuffix = suffix > 0 ? `${base}_${suffix}` : base;
  return withSuffix.slice(0, limits.projectNameMax);
}

export type ProjectTab = 'query' | 'analyze' | 'report';

/** Where a card leads: dashboards to the project route, FINISHED to analyze, anything else to query. */
export function projectCardPath(project: Pick<ProjectListItem, 'id' | 'status' | 'isMcDashboard' | 'type'>) {
  if (project.isMcDashboard || project.type === projectTypes.dashboard) return `/project/${project.id}`;
  return project.status.toUpperCase() === 'FINISHED'
    ? `/project/${project.id}/analyze`
    : `/project/${project.id}/query`;
}

export const projectTypeLabels: Record<number, string> = {
  [projectTypes.offer]: 'Offer',
  [projectTypes.light]: 'Light',
  [projectTypes.demo]: 'Demo zone',
  [projectTypes.dashboard]: 'Dashboard',
};

/** The colour band of a card by project type (Okabe-Ito, colour-blind safe). */
export const projectTypeColours: Record<number, string> = {
  [projectTypes.offer]: '#0072b2',
  [projectTypes.light]: '#009e73',
  [projectTypes.demo]: '#e69f00',
  [projectTypes.dashboard]: '#cc79a7',
};

/** Offers a new project may use: non-expired ones. */
export function availableOffers(offers: readonly Offer[]): Offer[] {
  return offers.filter((offer) => !offer.expired);
}

/**
 * The default offer of a new project among non-expired ones (spec 000 §4): an unlimited non-trial
 * non-dashboard offer, else a limited non-trial non-dashboard one, else a trial one.
 */
export function defaultOffer(offers: readonly Offer[]): Offer | undefined {
  const usable = availableOffers(offers).filter((offer) => !offer.isMcDashboard);
  return (
    usable.find((offer) => offer.isUnlimited && !offer.isTrial) ??
    usable.find((offer) => !offer.isUnlimited && !offer.isTrial) ??
    usable.find((offer) => offer.isTrial)
  );
}

/**
 * The zone picker (/select_zone): each zone of the caller's offers that a non-expired offer opens, with
 * those offers in the default-offer order (spec 000 §4); regional (High-Resolution) zones first by name,
 * then the worldwide ones. A zone only an expired offer opens cannot take a new project, so it is left out.
 */
export function zoneChoices<Z extends { id: number; name: string; isWorld: boolean }>(
  zones: readonly Z[],
  offers: readonly Offer[],
): { zone: Z; offers: Offer[] }[] {
  const rank = (offer: Offer) => (offer.isMcDashboard ? 3 : offer.isTrial ? 2 : offer.isUnlimited ? 0 : 1);
  const usable = availableOffers(offers).sort((a, b) => rank(a) - rank(b));
  return [...zones]
    .sort((a, b) => Number(a.isWorld) - Number(b.isWorld) || a.name.localeCompare(b.name, 'en'))
    .map((zone) => ({ zone, offers: usable.filter((offer) => offer.zones.some((z) => z.id === zone.id)) }))
    .filter((choice) => choice.offers.length > 0);
}

/** With exactly one available offer and it is 'On Demand', the chooser selects it by itself. */
export function autoSelectedOffer(offers: readonly Offer[]): Offer | undefined {
  const usable = availableOffers(offers);
  return usable.length === 1 && usable[0]?.name === specialOffers.onDemand ? usable[0] : undefined;
}

/**
 * The default name of a new point: 'Point' and a number from existing count + 1, trying up to 10
 * successive numbers for a free one (spec 000 §5).
 */
export function defaultPointName(existing: readonly string[]): string {
  const taken = new Set(existing.map((name) => name.toLowerCase()));
  for (let i = 0; i < 10; i++) {
    const name = `Point ${existing.length + 1 + i}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
  return `Point ${existing.length + 11}`;
}

/** Time step shown in hours at one hour or more, else in minutes or seconds (spec 000 §9). */
export function formatTimeStep(seconds: number): string {
  if (seconds >= 3600) {
    const hours = seconds / 3600;
    return `${Number.isInteger(hours) ? hours : hours.toFixed(2)} h`;
  }
  if (seconds >= 60) return `${Math.round(seconds / 6) / 10} min`;
  return `${seconds} s`;
}

/** Semicolons in dataset text are shown as separators. */
export function datasetTextParts(text: string): string[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Compute is allowed when credits suffice (or the offer is unlimited) and the points fit the allowance. */
export function computeBlocker(input: {
  isUnlimited: boolean;
  creditsNeeded: number;
  creditsAvailable: number;
  nbPoints: number;
  nbAuthPoints: number | null;
}): 'credits' | 'points' | null {
  if (input.nbAuthPoints !== null && input.nbPoints > input.nbAuthPoints) return 'points';
  if (!input.isUnlimited && input.creditsNeeded > input.creditsAvailable) return 'credits';
  return null;
}

export type TaskDisplay = 'idle' | 'running' | 'finished' | 'failed' | 'cancelled';

/**
 * What a point's row shows from its latest started task (spec 000 §4 point task statuses, compared
 * case-insensitively): a queued task counts as running; a point computed earlier stays finished after a
 * cancelled rerun.
 */
export function taskDisplay(
  task: { status: string; processType: string } | undefined,
  isComputed: boolean,
): TaskDisplay {
  switch (task?.status.toUpperCase() ?? '') {
    case 'RUNNING':
    case 'PENDING':
      return 'running';
    case 'FINISHED':
      return 'finished';
    case 'FAILED':
      return 'failed';
    case 'CANCELLED':
      return isComputed ? 'finished' : 'cancelled';
    default:
      return isComputed ? 'finished' : 'idle';
  }
}

/** The run button's label: the statistic the task computes ('ALL' runs every statistic). */
export function runLabel(processType: string | undefined): string {
  return !processType || processType === 'ALL' ? 'run all statistics' : `run ${processType}`;
}

/**
 * The error of a typed latitude (limit 90) or longitude (limit 180), or null when it is empty or valid: not a
 * number, then below -limit (messages.minValue), then above limit (messages.maxValue).
 */
export function coordinateError(text: string, limit: 90 | 180): string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (Number.isNaN(value)) return messages.notNumber;
  if (value < -limit) return messages.minValue(-limit);
  if (value > limit) return messages.maxValue(limit);
  return null;
}

/** A project status as shown (spec 000 §3: uppercase, RUNNING reads 'In progress'; compared case-insensitively). */
export const statusLabel = (status: string) =>
  status.toUpperCase() === 'RUNNING' ? 'IN PROGRESS' : status.toUpperCase();

/** The chip colour of a project status. */
export function statusColour(status: string): 'default' | 'info' | 'success' | 'error' | 'warning' {
  switch (status.toUpperCase()) {
    case 'RUNNING':
      return 'info';
    case 'FINISHED':
      return 'success';
    case 'FAILED':
      return 'error';
    case 'CANCELLED':
      return 'warning';
    default:
      return 'default';
  }
}
