// What a report holds (issue 30): the parts asked for that the points' data can give. A part no point's
// dataset has (wind on a waves-only ERA5 point) is left out of the cover, the scope, the statistics and the
// contents, and one sentence says why; a part some points have and others lack is drawn for the points
// that have it, the others named. The cover, scope, audit stamp and bodies all read this one list.
import { REPORT_PART_LABELS, type ReportPart } from '@metocean/contracts';
import { mainField, type PointSummary, type ReportHeader } from './data';

export interface ReportScope {
  /** The asked parts at least one point's data hold, in the order of REPORT_PARTS. */
  parts: ReportPart[];
  /** The asked parts no point's data hold. */
  absent: ReportPart[];
  /** The points whose data hold a part (those the report draws it for). */
  pointsOf: (part: ReportPart) => PointSummary[];
  /** One sentence per thing left out and why: never a silent gap, never an empty section. */
  leftOut: string[];
}

const holds = (point: PointSummary, part: ReportPart) => mainField(point, part) !== undefined;

/** "Wind", "Wind and currents", "Wind, currents and water levels". */
export function partList(parts: readonly ReportPart[]): string {
  const words = parts.map((p, i) => (i === 0 ? REPORT_PART_LABELS[p] : REPORT_PART_LABELS[p].toLowerCase()));
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A point's data as a reader names it: its dataset and the fields it holds. */
function dataOf(point: PointSummary): string {
  const fields = point.fields.map((f) => f.field);
  const dataset = point.dataset?.name ?? 'no dataset';
  return fields.length > 0 ? `${dataset}: ${fields.join(', ')}` : dataset;
}

export function reportScope(data: Pick<ReportHeader, 'points' | 'parts'>): ReportScope {
  const parts = data.parts.filter((part) => data.points.some((p) => holds(p, part)));
  const absent = data.parts.filter((part) => !parts.includes(part));
  const leftOut: string[] = [];
  if (absent.length > 0) {
    const verb = absent.length > 1 ? 'are' : 'is';
    const whose = data.points.map((p) => `${p.point.name} (${dataOf(p)})`).join('; ');
    leftOut.push(
      data.points.length === 1
        ? `${partList(absent)} ${verb} left out: the data of ${whose} have none of ${absent.length > 1 ? 'their' : 'its'} fields.`
        : `${partList(absent)} ${verb} left out: no point's data have ${absent.length > 1 ? 'their' : 'its'} fields (${whose}).`,
    );
  }
  for (const part of parts)
    for (const p of data.points)
      if (!holds(p, part))
        leftOut.push(
          `${REPORT_PART_LABELS[part]} is left out at ${p.point.name}: its data (${dataOf(p)}) have no ${REPORT_PART_LABELS[part].toLowerCase()} fields.`,
        );
  return {
    parts,
    absent,
    pointsOf: (part) => data.points.filter((p) => holds(p, part)),
    leftOut,
  };
}
