// The pure rules of the AWD screens (spec 001 §2.2–§2.4, §4, §6, §9): dashboard search and sort, row
// actions, points collapse, the percentile chips, durations in hours or days, and the comparison rules.
// Components only render what these functions decide, so every rule is unit-tested here.
import {
  RANGE_PATTERN,
  downtimeMessages,
  planningStatusLabels,
  type PlanningStatus,
} from '@metocean/contracts';
import { MONTH_ABBREVIATIONS } from '@metocean/core';

export type PlanningStatusCode = PlanningStatus;

/** Status labels of spec 001 §4. */
export const STATUS_LABELS = planningStatusLabels;

export const DASHBOARD_TEXTS = {
  empty: 'Upload your first planning :',
  noResults: 'No results found',
  compareTooltip: 'Select minimum 2 plannings for comparison',
  notSelectable: 'Planning can not be selected - no results available for comparison',
  noPreview: 'No planning preview available',
  noData: 'No data for selected criteria',
  offerExpired: downtimeMessages.offerExpired,
  percentiles: downtimeMessages.percentiles,
  coordinates: downtimeMessages.coordinates,
} as const;

export type PlanningOrdering = '-id' | 'name';
export const ORDERINGS: { value: PlanningOrdering; label: string }[] = [
  { value: '-id', label: 'Date (newest first)' },
  { value: 'name', label: 'Name' },
];

export interface PlanningLike {
  id: number;
  name: string;
  status: PlanningStatusCode;
  points: readonly { name: string }[];
  errorMessage?: string | null;
  hasJsonResults: boolean;
  /** When it was launched; null for a planning created but never launched. */
  queuedAt: string | null;
}

/** Case-insensitive substring match on the name, then date (newest first, by id) or name order. */
export function visiblePlannings<T extends PlanningLike>(
  list: readonly T[],
  search: string,
  ordering: PlanningOrdering,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  const kept = needle ? list.filter((p) => p.name.toLocaleLowerCase().includes(needle)) : [...list];
  return kept.sort((a, b) =>
    ordering === 'name'
      ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || b.id - a.id
      : b.id - a.id,
  );
}

export interface Caller {
  isStaff: boolean;
  offerExpired: boolean;
}

/**
 * A planning in flight: RUNNING, or PENDING once launched. One created but never launched (PENDING with no
 * launch time) is not: the server lets it be deleted, and nothing will change it, so nobody polls for it.
 */
export const inFlight = (planning: Pick<PlanningLike, 'status' | 'queuedAt'>) =>
  planning.status === 'RUNNING' || (planning.status === 'PENDING' && planning.queuedAt !== null);

export interface RowActions {
  /** Staff only, offer not expired, hidden while the planning is in flight (spec 001 §4, §6). */
  canDelete: boolean;
  /** Finished plannings only. */
  canDownload: boolean;
  /** Only plannings with results can be compared. */
  canSelect: boolean;
  /** Failed plannings that carry an error message open the error log. */
  showErrorLog: boolean;
}

export function rowActions(planning: PlanningLike, caller: Caller): RowActions {
  return {
    canDelete: caller.isStaff && !caller.offerExpired && !inFlight(planning),
    canDownload: planning.status === 'FINISHED',
    canSelect: planning.hasJsonResults,
    showErrorLog: planning.status === 'FAILED' && Boolean(planning.errorMessage?.trim()),
  };
}

/** The dashboard polls while any planning is in flight. */
export const isInProgress = (list: readonly Pick<PlanningLike, 'status' | 'queuedAt'>[]) =>
  list.some(inFlight);

export const canCompare = (selected: readonly number[]) => selected.length >= 2;

/**
 * A percentile chip typed by the user: an integer 1–99 not already chosen. The spec's one message is
 * given for every refusal (spec 001 §5).
 */
export function addPercentile(current: readonly number[], text: string): number[] | string {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return DASHBOARD_TEXTS.percentiles;
  const value = Number(trimmed);
  if (value < 1 || value > 99 || current.includes(value)) return DASHBOARD_TEXTS.percentiles;
  return [...current, value].sort((a, b) => a - b);
}

/** "50, 60,70" → [50, 60, 70]; null unless a series of unique integers 1–99 (pasted chip lists). */
export function parsePercentiles(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,2}$/.test(p))) return null;
  const values = parts.map(Number);
  if (values.some((v) => v < 1 || v > 99) || new Set(values).size !== values.length) return null;
  return values;
}

/** An Excel range as the scan and the form take it: "B3", "B3:E6", "Sheet!B3:E6", "'My sheet'!B3". */
export const validCoords = (text: string) => RANGE_PATTERN.test(text.trim());

/** Spec 001 §9: durations above 220 hours are shown in days, otherwise hours. */
export function formatDuration(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '–';
  if (hours > 220) return `${(hours / 24).toFixed(1)} d`;
  return `${hours.toFixed(hours % 1 === 0 ? 0 : 1)} h`;
}

export const formatPercent = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(1)} %`;

// ---- Comparison (spec 001 §2.4) -------------------------------------------------------------------

/** The three data sets and their result-kind labels (spec 001 §9). */
export const RESULT_KINDS = {
  distribsOfAllDelay: { label: 'Estimated Downtime', unit: 'h', weatherWindow: false },
  distribsOfAllDurations: { label: 'Estimated Duration', unit: 'h', weatherWindow: false },
  distribsOfNoDowntimeRatio: { label: 'Weather Window', unit: '%', weatherWindow: true },
} as const;
export type ResultKind = keyof typeof RESULT_KINDS;

/** 50 when the plannings have it, otherwise the first available percentile. */
export function defaultPercentile(available: readonly number[]): number | null {
  if (available.includes(50)) return 50;
  return available[0] ?? null;
}

/** Percentiles every selected planning has, ascending. */
export function commonPercentiles(lists: readonly (readonly number[])[]): number[] {
  const [first, ...rest] = lists;
  if (!first) return [];
  return first.filter((p) => rest.every((l) => l.includes(p))).sort((a, b) => a - b);
}

export const MONTH_LABELS = MONTH_ABBREVIATIONS;

export const MONTH_STORAGE_KEY = 'awd.comparison.month';

/**
 * When a planning was created, as the app's lists write a date (the usage tables' ISO day, `usageDate`)
 * with the minute, in UTC (the column says so): '2026-11-29 01:30'. Empty when unknown or unreadable.
 */
export function createdAtText(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** The remembered month when valid, otherwise the current month (UTC), as a MONTHLY period label. */
export function initialMonth(stored: string | null, now: Date = new Date()): string {
  if (stored && MONTH_LABELS.includes(stored)) return stored;
  return MONTH_LABELS[now.getUTCMonth()] ?? 'Jan';
}

export interface CardValue {
  id: number;
  kind: ResultKind;
  value: number | null;
}

/**
 * The "Best Result" badge: the planning with the lowest value for the chosen percentile and period —
 * only when all plannings share one result kind, at least two have a value, and the values differ.
 * For the weather-window kind (percent of years without downtime) higher is better.
 */
export function bestResult(cards: readonly CardValue[]): number | null {
  const kinds = new Set(cards.map((c) => c.kind));
  if (kinds.size !== 1) return null;
  const valued = cards.filter(
    (c): c is CardValue & { value: number } => c.value !== null && Number.isFinite(c.value),
  );
  if (valued.length < 2) return null;
  const weatherWindow = RESULT_KINDS[valued[0]!.kind].weatherWindow;
  const values = valued.map((c) => c.value);
  if (values.every((v) => v === values[0])) return null;
  const target = weatherWindow ? Math.max(...values) : Math.min(...values);
  const winners = valued.filter((c) => c.value === target);
  return winners.length === 1 ? winners[0]!.id : null;
}

export interface TripValue {
  trip: string;
  value: number | null;
}

/**
 * At most 4 trips on a card: by the largest delay (or duration) first; for the weather-window kind by the
 * lowest value first (the riskiest trips). Trips without a value go last; ties keep table order.
 */
export function cardTrips(trips: readonly TripValue[], kind: ResultKind, max = 4): TripValue[] {
  const ascending = RESULT_KINDS[kind].weatherWindow;
  return trips
    .map((t, i) => ({ t, i }))
    .sort((a, b) => {
      const av = a.t.value;
      const bv = b.t.value;
      if (av === null || bv === null) return av === null ? (bv === null ? a.i - b.i : 1) : -1;
      return (ascending ? av - bv : bv - av) || a.i - b.i;
    })
    .slice(0, max)
    .map(({ t }) => t);
}

/** The cumulative-durations graph is drawn only below 40 trips (spec 001 §2.4). */
export const showCumulative = (tripCount: number) => tripCount < 40;
