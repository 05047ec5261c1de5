// How a report prints a number and names a month: one place for the PDF's drawing and for the tables a
// statistics thread computes for it (persistence.ts), which must not load the drawing's libraries.
import { MONTH_ABBREVIATIONS } from '@metocean/core';
import { MISSING_VALUE } from '@metocean/contracts';

/** A number as printed in a report; '—' for a missing one (never a made-up value). */
export function fmt(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value === MISSING_VALUE) return '—';
  return value.toFixed(digits);
}

export const MONTHS = MONTH_ABBREVIATIONS;
