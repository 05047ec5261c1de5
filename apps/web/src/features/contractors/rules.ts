// Pure rules of the marine contractors wizard (spec 001 §4, §5, §9).
import {
  DEFAULT_CONTRACTOR_PERCENTILES,
  type ContractorBoat,
  type ContractorVariable,
} from '@metocean/contracts';

/** "My Operation n": one more than the highest suffix in use (spec 001 §4); "My Operation 1" first. */
export function nextOperationName(names: readonly string[]): string {
  let highest = 0;
  for (const name of names) {
    const m = /^My Operation(?: (\d+))?$/.exec(name.trim());
    if (m) highest = Math.max(highest, m[1] === undefined ? 1 : Number(m[1]));
  }
  return `My Operation ${highest + 1}`;
}

/** A numeric entry: a non-numeric one resets to 0 (spec 001 §4). */
export function numericEntry(text: string): number {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
}

/** The unit a variable sets by itself (its only one), or '' for the user to choose (spec 001 §4). */
export function unitFor(variable: ContractorVariable | undefined): string {
  return variable && variable.units.length === 1 ? variable.units[0]! : '';
}

export interface ConstraintDraft {
  varName: string;
  condition: string;
  limit: string;
  unit: string;
}

export const constraintComplete = (c: ConstraintDraft) =>
  c.varName !== '' && c.condition !== '' && c.limit.trim() !== '' && c.unit !== '';

/**
 * Why Next on the operations step is refused (spec 001 §4): no operation selected, a selected operation
 * without constraint, or a constraint not completely filled.
 */
export function operationsBlockers(
  boats: readonly ContractorBoat[],
  selected: readonly number[],
  drafts: readonly { operation: number; draft: ConstraintDraft }[],
): { noSelection: boolean; withoutConstraint: boolean; incomplete: boolean } {
  const operations = boats.flatMap((b) => b.operations).filter((o) => selected.includes(o.id));
  return {
    noSelection: operations.length === 0,
    withoutConstraint: operations.some((o) => o.constraints.length === 0),
    incomplete: drafts.some((d) => selected.includes(d.operation) && !constraintComplete(d.draft)),
  };
}

/** The percentile modal's rule (spec 001 §5): its code, or null when the entry may be added. */
export function percentileError(text: string, existing: readonly number[]): string | null {
  if (text.trim() === '') return 'EMPTY_PERCENTILE';
  const value = Number(text.trim());
  if (!Number.isInteger(value)) return 'INVALID_PERCENTILE';
  if (value <= 0) return 'MIN_PERCENTILE';
  if (value > 99) return 'MAX_PERCENTILE';
  if (existing.includes(value)) return 'NON_UNIQUE_PERCENTILE';
  return null;
}

export const percentileMessages: Record<string, string> = {
  EMPTY_PERCENTILE: 'Enter a percentile',
  INVALID_PERCENTILE: 'A percentile is a whole number',
  MIN_PERCENTILE: 'A percentile is greater than 0',
  MAX_PERCENTILE: 'A percentile is at most 99',
  NON_UNIQUE_PERCENTILE: 'This percentile is already in the list',
};

export const isCustomPercentile = (p: number) => !DEFAULT_CONTRACTOR_PERCENTILES.includes(p);

/** Durations above 220 hours in days, otherwise hours (spec 001 §9). */
export function formatHours(hours: number): string {
  return hours > 220 ? `${(hours / 24).toFixed(1)} days` : `${Math.round(hours * 10) / 10} h`;
}
