// The Calibrated series annex of a PDF report (issue 33): when a point of the report is a calibrated variant,
// which series every point's figures come from — the original hindcast, or a variant with its correction
// (method, parameters, source, pairs, period, skill in and out of sample) — as the exports' About items say.
import { seriesStampRows } from '../data/calibrated';
import type { ReportData } from './data';
import type { ReportPdf } from './pdf';

/** True when the report holds a calibrated variant: the annex (one more heading) is written. */
export const hasCalibratedSeries = (data: ReportData) => data.points.some((p) => p.point.calibration);

export function calibrationAnnex(pdf: ReportPdf, data: ReportData): void {
  if (!hasCalibratedSeries(data)) return;
  pdf.heading('Annex: Calibrated series', 1);
  pdf.note(
    'the statistics of a calibrated variant are computed by the same engine on the hindcast with one variable corrected against measurements; the original point keeps the uncorrected hindcast.',
  );
  // item by item, wrapped: a parameter list per month or a skill line is longer than a table cell
  for (const p of data.points) {
    const variants = data.points.filter((v) => v.point.calibrationOf === p.point.id).map((v) => v.point.name);
    pdf.heading(p.point.name, 3);
    for (const [item, value] of seriesStampRows(p.point.calibration, variants))
      pdf.paragraph(`${item}: ${value}`, { size: 8.5 });
  }
}
