// The design report's warnings where its own numbers disagree (issue 30): a return-period contour whose
// highest Hs is under the record maximum or under the return value of the same period, and a month whose
// 50- or 100-year value is under that month's record maximum. Each says which value a designer should carry
// and why, so no number in the report is left to be read as a design value without a word.
import { MISSING_VALUE } from '@metocean/contracts';
import { MONTH_NAMES } from '@metocean/core';
import { fmt } from './format';

interface RV {
  returnPeriod: number;
  value: number;
}

/** Return periods the record checks read: longer than any hindcast record, so the record cannot exceed them. */
const LONG_PERIOD = 50;
const MONTH_PERIODS = [50, 100];

/**
 * The contour flags: for each contour period T, when the contour's highest Hs is below the record maximum
 * or the omnidirectional T-year return value. The IFORM contour comes from the joint Hs–Tp model fitted to
 * all sea states, the return value from the storm peaks: for the design Hs carry the return value (or the
 * record maximum when it is higher); the contour serves the Tp associated with an Hs.
 */
export function contourFlags(
  contours: readonly { returnPeriod: number; maxHs: number }[],
  returnValues: readonly RV[],
  recordMax: number | null,
  law: string,
  units: string,
): string[] {
  const out: string[] = [];
  for (const c of contours) {
    const rv = returnValues.find((r) => r.returnPeriod === c.returnPeriod && r.value !== MISSING_VALUE);
    // a short return period may sit under the record's maximum; from 50 years on (longer than the
    // hindcast records) it may not
    const belowRecord = recordMax !== null && c.returnPeriod >= LONG_PERIOD && c.maxHs < recordMax;
    const belowRv = rv !== undefined && c.maxHs < rv.value;
    if (!belowRecord && !belowRv) continue;
    const under = [
      belowRecord ? `the record maximum (${fmt(recordMax)} ${units})` : null,
      belowRv ? `the ${c.returnPeriod}-year return value (${fmt(rv.value)} ${units}, ${law})` : null,
    ].filter((s): s is string => s !== null);
    const carry =
      rv !== undefined && (recordMax === null || c.returnPeriod < LONG_PERIOD || rv.value >= recordMax)
        ? `the ${c.returnPeriod}-year return value, ${fmt(rv.value)} ${units}`
        : `at least the record maximum, ${fmt(recordMax)} ${units}`;
    out.push(
      `The ${c.returnPeriod}-year contour's highest Hs (${fmt(c.maxHs)} ${units}) is below ${under.join(' and ')}: the ` +
        'contour comes from the joint Hs–Tp model fitted to all sea states, the return value from the storm ' +
        `peaks. For the design Hs carry ${carry}; read the contour for the Tp that goes with an Hs.`,
    );
  }
  return out;
}

/**
 * The month flags: a month whose 50- or 100-year value is below its own record maximum (the monthly fit
 * rests on few storms and misses the tail). Carry the omnidirectional value of the period, which covers
 * every month, or at least the month's record maximum when that is higher.
 */
export function monthFlags(
  months: readonly { month: number; returnValues: readonly RV[]; recordMax: number | null }[],
  annual: readonly RV[],
  units: string,
): string[] {
  const out: string[] = [];
  for (const m of months) {
    if (m.recordMax === null) continue;
    const below = MONTH_PERIODS.map((T) => m.returnValues.find((r) => r.returnPeriod === T)).filter(
      (r): r is RV => r !== undefined && r.value !== MISSING_VALUE && r.value < m.recordMax!,
    );
    if (below.length === 0) continue;
    const name = MONTH_NAMES[m.month - 1] ?? String(m.month);
    const longest = below[below.length - 1]!;
    const whole = annual.find((r) => r.returnPeriod === longest.returnPeriod && r.value !== MISSING_VALUE);
    const carry =
      whole && whole.value >= m.recordMax
        ? `the all-year ${longest.returnPeriod}-year value, ${fmt(whole.value)} ${units}`
        : `at least ${name}'s record maximum, ${fmt(m.recordMax)} ${units}`;
    out.push(
      `${name}: the ${below.map((r) => `${r.returnPeriod}-year (${fmt(r.value)} ${units})`).join(' and ')} ` +
        `${below.length > 1 ? 'values are' : 'value is'} below ${name}'s record maximum (${fmt(m.recordMax)} ${units}): ` +
        `the monthly fit rests on few storms and misses the tail. Carry ${carry}.`,
    );
  }
  return out;
}
