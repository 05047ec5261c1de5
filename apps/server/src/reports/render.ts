// One report as a PDF: front matter, the body of its type, conclusion, annexes, audit stamp; the table of
// contents and page numbers are written once every page exists.
import { calibrationAnnex, hasCalibratedSeries } from './calibration';
import { REPORT_PART_LABELS, type ReportType } from '@metocean/contracts';
import {
  auditStamp,
  auditText,
  cover,
  databasesAnnex,
  introduction,
  locations,
  methodologyAnnex,
  typeLabel,
} from './common';
import type { ReportData } from './data';
import { mapsSection } from './maps';
import { designBody, DESIGN_RETURN_PERIODS } from './design';
import { operabilityBody, type Checkpoint } from './operability';
import { PERSISTENCE_DURATIONS_H, PERSISTENCE_LIMITS_M } from './persistence';
import { ReportPdf, type Layout, type PdfPass } from './pdf';
import { reportScope, type ReportScope } from './scope';

const METHOD_PAGES: Record<ReportType, string[]> = {
  operability: ['descriptive', 'epd', 'dr', 'ejpd', 'ww', 'wd', 'contours'],
  design: ['extremes', 'contours'],
};

function parameters(data: ReportData, scope: ReportScope, type: ReportType): string {
  const left =
    scope.absent.length > 0
      ? ` (asked, not in the data: ${scope.absent.map((p) => REPORT_PART_LABELS[p]).join(', ')})`
      : '';
  const parts = `parts ${scope.parts.map((p) => REPORT_PART_LABELS[p]).join(', ') || 'none'}${left}`;
  return type === 'operability'
    ? `${parts}; persistence limits ${PERSISTENCE_LIMITS_M.join('/')} m × ${PERSISTENCE_DURATIONS_H.join('/')} h; monthly distributions ${data.report.monthly ? 'included' : 'not included'}`
    : `${parts}; return periods ${DESIGN_RETURN_PERIODS.join('/')} years; 90 % intervals as stored with each fit`;
}

/** One pass of the report (pdf.ts): the layout pass answers the layout the writing pass then follows. */
async function drawReport(data: ReportData, checkpoint: Checkpoint, pass: PdfPass): Promise<Layout> {
  const type = (data.report.reportType ?? 'operability') as ReportType;
  // the parts the points' data hold: the cover, scope, contents and bodies list only these (issue 30)
  const scope = reportScope(data);
  const audit = auditText(data, type, parameters(data, scope, type));
  const pdf = new ReportPdf(
    {
      title: data.report.name,
      author: data.author,
      subject: `${typeLabel(type)} report of project ${data.access.project.name}`,
      keywords: audit,
    },
    `${data.report.name} · ${typeLabel(type)} report · ${data.access.project.name}`,
    pass,
  );
  try {
    cover(pdf, data, scope, type);
    // level-1 and level-2 headings: chapters, one per point and part, one per dataset and method page
    const entries =
      14 +
      data.maps.layers.length +
      data.points.length * (scope.parts.length + 1) * 2 +
      data.datasets.length +
      METHOD_PAGES[type].length +
      (hasCalibratedSeries(data) ? 1 : 0);
    pdf.reserveToc(Math.max(1, Math.ceil(entries / 42)));
    introduction(pdf, data, scope, type);
    locations(pdf, data);
    mapsSection(pdf, data, scope.parts);
    await checkpoint(10);
    if (type === 'operability') await operabilityBody(pdf, data, scope, checkpoint);
    else await designBody(pdf, data, scope, checkpoint);
    await databasesAnnex(pdf, data);
    calibrationAnnex(pdf, data);
    // the buoy comparisons of the Databases annex have their method page when there are any
    const compared = data.points.some((p) => p.buoys.some((b) => b.compared));
    methodologyAnnex(pdf, compared ? [...METHOD_PAGES[type], 'comparison'] : METHOD_PAGES[type]);
    auditStamp(pdf, audit);
    await checkpoint(95);
    return await pdf.finish();
  } catch (error) {
    pdf.abort();
    throw error;
  }
}

/**
 * Writes the report's PDF to `file`, page by page: a layout pass (progress 0–50), then the pass that
 * writes (50–100). A point's results are read when its section is drawn, in each pass.
 */
export async function renderReport(data: ReportData, checkpoint: Checkpoint, file: string): Promise<void> {
  const layout = await drawReport(data, (p) => checkpoint(Math.round(p / 2)), { kind: 'layout' });
  await drawReport(data, (p) => checkpoint(50 + Math.round(p / 2)), { kind: 'write', layout, file });
}
