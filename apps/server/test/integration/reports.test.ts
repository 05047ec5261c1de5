// Reports and comments (spec 000 §4 report lifecycle, §6, §7): the API over HTTP on a computed ERA5 point,
// the PDFs read back with poppler's pdftotext and compared with the stored results.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectorName } from '@metocean/charts';
import { lawName } from '@metocean/core';
import {
  COMPARISON_METRICS,
  type Buoy,
  type BuoyComparison,
  type Comment,
  type Offer,
  type Project,
  type Report,
  type Stat2dMap,
} from '@metocean/contracts';
import {
  offerInstances,
  points,
  projects,
  reports,
  resultPayload,
  results,
  zones,
} from '../../src/db/schema';
import { loadReportHeader, validationsOf, type ComparisonMemo } from '../../src/reports/data';
import { startTestServer, type Actor, type TestServer } from '../harness';
import { computeProject, createEra5Project } from '../project-fixture';
import { CONTOUR_BAND_NOT_COMPUTED } from '../../src/reports/design';
import { assertHonestDigits } from '../honest-digits';

let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
let projectId = 0;
let pointId = 0;
let memberId = 0;
let designReportId = 0;

const settled = (r: Report) => r.status !== 'RUNNING';

async function stored<T>(statId: string): Promise<T> {
  const [row] = await server.runtime.services.db
    .select({ payload: resultPayload() })
    .from(results)
    .where(and(eq(results.pointId, pointId), eq(results.statId, statId)));
  if (!row) throw new Error(`no stored ${statId}`);
  return row.payload.result as T;
}

/** The PDF of a finished report as pdftotext -layout reads it, and its page count. */
async function pdfText(
  reportId: number,
): Promise<{ text: string; pages: number; info: string; images: number }> {
  const response = await manager.fetch(`/api/reports/${reportId}/download/`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const dir = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
  const file = path.join(dir, 'report.pdf');
  const bytes = Buffer.from(await response.arrayBuffer());
  writeFileSync(file, bytes);
  // REPORT_ARTEFACTS=dir keeps the PDFs (pdftoppm them to look at the pages as a client would)
  if (process.env.REPORT_ARTEFACTS)
    writeFileSync(path.join(process.env.REPORT_ARTEFACTS, `report-${reportId}.pdf`), bytes);
  // issue 30: every report is walked for float noise ("threshold 3.9800000190734863")
  await assertHonestDigits('report.pdf', bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  // pdfimages -list: two header lines, then one line per image (a soft mask, the alpha of a PNG, counts too)
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  const images = list.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length;
  return { text, pages, info, images };
}

/** The body headings in page order: a heading is a line of its own (the table of contents adds its page). */
function headingsOf(text: string, names: string[]): string[] {
  const lines = text.split('\n').map((line) => line.trim());
  return lines.filter((line) => names.includes(line));
}

const f2 = (x: number) => x.toFixed(2);

/** A printed phrase as a pattern that lets pdftotext break its lines anywhere between words. */
const phrase = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));

/** The PDFs of a report on disk (DATA_DIR/files/reports/report-<id>-<token>.pdf). */
function filesOf(reportId: number): string[] {
  const dir = path.join(server.dataDir, 'files', 'reports');
  return (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.startsWith(`report-${reportId}-`));
}

/** A stored row of the directional extremes (core's SectorExtremes as JSON). */
interface Sector {
  sector: number | null;
  width: number;
  events: number;
  poissonLambda: number;
  analysis: {
    law: string;
    returnValues: { returnPeriod: number; value: number; lower: number; upper: number }[];
  } | null;
  error: string | null;
}

beforeAll(async () => {
  // a handful of map nodes per zone, so the 2D statistics maps render in seconds (the default is 100 nodes)
  process.env.STAT2D_MAX_NODES = '8';
  server = await startTestServer();
  manager = await server.as('manager');
  member = await server.as('member');
  standard = await server.as('standard');
  memberId = (await member.get<{ id: number }>('/api/users/current/')).body.id;
  projectId = await createEra5Project(manager, 'Report_ERA5');
  await manager.post(`/api/projects/${projectId}/update_collaborators/`, { collaborators: [memberId] });
  const project = await computeProject(manager, projectId);
  pointId = project.points[0]!.id;
}, 200_000);
afterAll(async () => {
  delete process.env.STAT2D_MAX_NODES;
  await server.stop();
});

async function generated(body: Record<string, unknown>): Promise<Report> {
  const created = await manager.post<Report>('/api/reports/', { projectId, name: String(body.name) });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('PENDING');
  const started = await manager.put<Report>(`/api/reports/${created.body.id}/generate/`, body);
  expect(started.status).toBe(200);
  expect(started.body.status).toBe('RUNNING');
  return manager.until<Report>(`/api/reports/${created.body.id}/`, settled, { timeoutMs: 120_000 });
}

describe('Operability report', () => {
  it('is generated as an A4 PDF with the sections, tables and stored numbers', async () => {
    const report = await generated({
      name: 'Report_ERA5_OPE_ERA5node_WAV',
      reportType: 'operability',
      points: [pointId],
      parts: ['waves'],
      monthly: true,
    });
    expect(report.error).toBe('');
    expect(report.status).toBe('FINISHED');
    expect(report.document).toBe(`/api/reports/${report.id}/download/`);
    expect(report.user).toMatchObject({ firstName: 'Morgan', lastName: 'Manager' });
    const { text, pages, info } = await pdfText(report.id);
    expect(info).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    expect(info).toMatch(/Metocean Studio 5\.10\.7/); // the audit stamp in the metadata (Keywords)
    for (const section of [
      'Table of contents',
      'Introduction',
      'Conventions',
      'Locations',
      'Maps',
      'Map of the points',
      '2D statistics maps',
      'ERA5 node — Waves',
      'Monthly and annual statistics',
      'Non-exceedance',
      'Roses',
      'Monthly distributions',
      'Hs–Tp scatter table',
      'Persistence',
      'Conclusion',
      'Annex: Databases',
      'Annex: Methodology',
      'Audit stamp',
    ])
      expect(text, section).toContain(section);
    expect(text).toMatch(new RegExp(`Page ${pages} of ${pages}`));
    // Maps between Locations and Statistics, holding the map of the points (printed once); South China
    // Sea has no 2D statistics: one sentence says so
    expect(
      headingsOf(text, ['Locations', 'Maps', 'Map of the points', '2D statistics maps', 'Statistics']),
    ).toEqual(['Locations', 'Maps', 'Map of the points', '2D statistics maps', 'Statistics']);
    expect(text).toMatch(phrase('The zone South China Sea has no 2D statistics maps.'));
    // the summary row of hs: N, mean, std, P50, P90, P95, P99, max as stored (EPD__hs describe)
    const { describe: d } = await stored<{
      describe: {
        count: number;
        mean: number;
        std: number;
        max: number;
        percentiles: Record<string, number>;
      };
    }>('EPD__hs');
    const p = d.percentiles;
    const summary = [
      d.count,
      f2(d.mean),
      f2(d.std),
      f2(p['50']!),
      f2(p['90']!),
      f2(p['95']!),
      f2(p['99']!),
      f2(d.max),
    ];
    expect(text).toMatch(
      new RegExp(`hs \\(m\\)\\s+${d.count}\\s+[\\d.]+\\s+${summary.slice(1).join('\\s+')}`),
    );
    // the January row of the monthly table (EPD_month__hs)
    const months = await stored<
      {
        month: number;
        count: number;
        mean: number;
        std: number;
        min: number;
        median: number;
        max: number;
      }[]
    >('EPD_month__hs');
    const jan = months[0]!;
    expect(text).toMatch(
      new RegExp(
        `Jan\\s+${jan.count}\\s+${[jan.mean, jan.std, jan.min, jan.median, jan.max].map(f2).join('\\s+')}`,
      ),
    );
    // the conclusion: mean and P90 of hs
    expect(text).toContain(`Mean ${''}`.trim());
    expect(text).toMatch(new RegExp(`P90\\s+${f2(p['90']!)} m`));
    // issue 30: no header or cell is cut ("6 h: P · wait P10/P…"); the persistence headers wrap whole
    // (a cut left a word ending in "…"; the method pages' "10…90" and "N, NE, …" are written so)
    expect(text).not.toMatch(/\S…(?=\s|$)/m);
    expect(text).toMatch(/6 h window\s/);
    expect(text.replace(/\s+/g, ' ')).toContain('P (%) · wait');
    // issue 31: below each persistence table, the 90 % intervals of its P50 and P90 waits per month with
    // the years they rest on (ERA5 2000-2010: 11 in every month), "lower–upper" in whole hours, or ">x"
    // for an end the resamples never reach
    expect(text).toContain('hs < 1.0 m: waiting-time intervals');
    expect(text).toMatch(/90 % interval \(h\)/);
    const bound = String.raw`(\d+)–(\d+|>\d+)`;
    const january = new RegExp(
      String.raw`^\s*Jan\s+11\s+` +
        Array(5)
          .fill(`${bound} · ${bound}`)
          .join(String.raw`\s+`),
      'm',
    );
    const row = january.exec(text);
    expect(row, 'the January row of the first interval table').not.toBeNull();
    for (let k = 1; k < row!.length; k += 2)
      if (!row![k + 1]!.startsWith('>')) expect(Number(row![k])).toBeLessThanOrEqual(Number(row![k + 1]));
  }, 180_000);
});

describe('Maps section', () => {
  it("says in one sentence why the zone's 2D statistics maps are not printed: not drawn yet, not bought", async () => {
    const db = server.runtime.services.db;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    const zone = eq(zones.id, project!.zoneId);
    // the customer's offer instances on the zone (its On Demand and its unlimited plan with maps)
    const instances = await db
      .select()
      .from(offerInstances)
      .where(eq(offerInstances.customerId, project!.customerId));
    const sentenceOf = async (name: string) => {
      const report = await generated({
        name,
        reportType: 'operability',
        points: [pointId],
        parts: ['waves'],
      });
      expect(report.error).toBe('');
      const { text } = await pdfText(report.id);
      const body = headingsOf(text, ['Maps', '2D statistics maps', 'Statistics']);
      expect(body).toEqual(['Maps', '2D statistics maps', 'Statistics']);
      return text;
    };
    // South China Sea as if it had 2D statistics: the unlimited plan sees them, none is drawn yet
    await db.update(zones).set({ has2DStatistics: true }).where(zone);
    try {
      expect(await sentenceOf('Report_maps_rendering')).toMatch(
        phrase(
          "The 2D statistics maps of the zone South China Sea have not been drawn yet: open them on the project's map, then generate this report again.",
        ),
      );
      // no plan with maps and no purchase: not bought
      for (const row of instances)
        await db
          .update(offerInstances)
          .set({ hasMaps: false, isUnlimited: false })
          .where(eq(offerInstances.id, row.id));
      expect(await sentenceOf('Report_maps_notBought')).toMatch(
        phrase(
          "The 2D statistics maps of the zone South China Sea were not bought for this project: a manager can buy them from the project's map.",
        ),
      );
    } finally {
      await db.update(zones).set({ has2DStatistics: false }).where(zone);
      for (const row of instances)
        await db
          .update(offerInstances)
          .set({ hasMaps: row.hasMaps, isUnlimited: row.isUnlimited })
          .where(eq(offerInstances.id, row.id));
    }
  }, 120_000);
});

describe('Design report', () => {
  it('gives the stored return values with their 90 % intervals, the fit and the contours', async () => {
    const report = await generated({ name: 'Report_ERA5_DES', reportType: 'design', points: [pointId] });
    expect(report.error).toBe('');
    expect(report.status).toBe('FINISHED');
    designReportId = report.id;
    expect(report.parts).toEqual([]);
    const { text } = await pdfText(report.id);
    // issue 30: every part asked (none chosen) on a waves-only ERA5 point: the cover, scope and contents
    // hold waves only, and one sentence says why wind, currents and water levels are not there
    expect(text).toMatch(/^\s*Parts\s+Waves\s*$/m);
    expect(text).toMatch(/^\s*Not in the data\s+Wind, Currents, Water levels\s*$/m);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Wind, currents and water levels are left out: the data of ERA5 node (ERA5 South China Sea',
    );
    expect(text).toMatch(phrase('associated periods and environmental contours, for waves.'));
    for (const part of ['Wind', 'Currents', 'Water levels'])
      expect(text, part).not.toContain(`ERA5 node — ${part}`);
    // the waves section is in the contents and the body; no header or cell cut with an ellipsis
    expect(headingsOf(text, ['ERA5 node — Waves']).length).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/ERA5 node — Waves\s+\d+\s*$/m); // its line of the contents, with its page
    expect(text).not.toMatch(/\S…(?=\s|$)/m);
    for (const section of [
      'Omnidirectional extremes',
      'Fitted parameters',
      'Monthly extremes',
      'Directional extremes',
      'Associated Tp and environmental contours',
      'IFORM environmental contours',
      'design table',
      'Annex: Methodology',
    ])
      expect(text, section).toContain(section);
    const ext = await stored<{
      returnValues: { returnPeriod: number; value: number; lower: number; upper: number }[];
    }>('EXT__hs');
    for (const T of [10, 50, 100]) {
      const rv = ext.returnValues.find((r) => r.returnPeriod === T)!;
      expect(text, `${T} yr`).toContain(`${f2(rv.value)} [${f2(rv.lower)}, ${f2(rv.upper)}]`);
    }
    // issue 34: the band is computed on request; not asked for, one line says so and how to get it
    expect(text.replace(/\s+/g, ' ')).toContain(CONTOUR_BAND_NOT_COMPUTED);
    expect(text).not.toMatch(/shaded: the 90 % band/);
  }, 180_000);

  it('draws the contour band once it was computed (POST contour_band), said under the figure', async () => {
    const stats = (
      await manager.get<{ statId: string; code: string; pointId: number }[]>(
        `/api/projects/${projectId}/stats/`,
      )
    ).body;
    const envc = stats.find((s) => s.code === 'ENVC' && s.pointId === pointId)!.statId;
    const band = await manager.post(
      `/api/projects/${projectId}/contour_band/?point=${pointId}&stats_id=${encodeURIComponent(envc)}`,
    );
    expect(band.status).toBe(200);
    const report = await generated({ name: 'Report_ERA5_BAND', reportType: 'design', points: [pointId] });
    expect(report.status).toBe('FINISHED');
    const { text } = await pdfText(report.id);
    // issue 31: the contour figure's band, said under it (ERA5 spans 11 calendar years)
    expect(text.replace(/\s+/g, ' ')).toContain(
      'shaded: the 90 % band of each contour, the joint model refitted on 200 resamples of the 11 calendar years',
    );
    expect(text.replace(/\s+/g, ' ')).not.toContain(CONTOUR_BAND_NOT_COMPUTED);
  }, 180_000);

  it('prints the directional table from the stored sectors: storms, rate, return values, refusals', async () => {
    const [row] = await server.runtime.services.db
      .select({ statId: results.statId })
      .from(results)
      .where(and(eq(results.pointId, pointId), like(results.statId, 'EXT\\_direction\\_\\_hs\\_\\_%')));
    expect(row?.statId).toMatch(/^EXT_direction__hs__/);
    const sectors = await stored<Sector[]>(row!.statId);
    expect(sectors.map((s) => s.sector)).toEqual([0, 45, 90, 135, 180, 225, 270, 315, null]);
    // every storm in one sector: the rows add up to the row of every direction
    expect(sectors.slice(0, -1).reduce((n, s) => n + s.events, 0)).toBe(sectors.at(-1)!.events);
    expect(sectors.filter((s) => s.analysis).length).toBeGreaterThanOrEqual(2);
    const report = await generated({ name: 'Report_ERA5_DIR', reportType: 'design', points: [pointId] });
    const { text } = await pdfText(report.id);
    expect(text).toContain('Directional return values of hs');
    expect(text).toContain('not scaled to the');
    for (const s of sectors) {
      const cells = [1, 10, 50, 100].map((T) => {
        const rv = s.analysis?.returnValues.find((r) => r.returnPeriod === T);
        return rv && rv.value !== -999 ? `${f2(rv.value)} [${f2(rv.lower)}, ${f2(rv.upper)}]` : '—';
      });
      const law = s.analysis ? lawName(s.analysis.law) : '—';
      const line = [sectorName(s.sector, s.width), String(s.events), f2(s.poissonLambda), law, ...cells];
      const pattern = line.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
      expect(text, sectorName(s.sector, s.width)).toMatch(new RegExp(`^\\s*${pattern}\\s*$`, 'm'));
      // a sector with too few storms says so, never a silent number
      if (s.error) expect(s.events).toBeLessThan(10);
      if (s.error)
        expect(text.replace(/\s+/g, ' ')).toContain(`${sectorName(s.sector, s.width)}: ${s.error}`);
    }
  }, 180_000);

  it('results stored before directional extremes existed still render: the section asks for a recompute', async () => {
    const db = server.runtime.services.db;
    const old = and(eq(results.pointId, pointId), like(results.statId, 'EXT\\_direction%'));
    const kept = await db.select().from(results).where(old);
    expect(kept.length).toBeGreaterThan(0);
    await db.delete(results).where(old);
    try {
      const report = await generated({ name: 'Report_ERA5_OLD', reportType: 'design', points: [pointId] });
      expect(report.status).toBe('FINISHED');
      const { text } = await pdfText(report.id);
      expect(text).toContain('Directional extremes');
      expect(text.replace(/\s+/g, ' ')).toContain(
        'no stored directional extremes of hs: the point was computed before they existed. Recompute the point',
      );
      expect(text).not.toContain('Directional return values');
    } finally {
      await db.insert(results).values(kept);
    }
  }, 180_000);
});

describe('every part of a synthetic point', () => {
  it('reports waves, wind, currents and water levels, every chart drawn; deleting the project removes the PDFs', async () => {
    const offer = (await manager.get<Offer[]>('/api/offers/')).body.find(
      (o) => o.name === 'Full Study Unlimited',
    )!;
    const zone = offer.zones.find((z) => z.name === 'North and Celtic Seas')!.id;
    const synthetic = (
      await manager.post<{ projectId: number }>('/api/projects/', {
        name: 'Report_synthetic',
        offerInstance: offer.id,
        zone,
        points: [{ name: 'Mooring', lat: 56, lng: 1.5 }],
      })
    ).body.projectId;
    await manager.put(`/api/projects/${synthetic}/compute/`);
    // the unlimited plan sees the zone's 2D statistics maps: opening them draws them (8 nodes, beforeAll)
    const map = await manager.until<Stat2dMap>(
      `/api/stat2Ds/?zone=${zone}`,
      (m) => m.status !== 'rendering',
      { timeoutMs: 170_000, intervalMs: 1000 },
    );
    expect(map.status).toBe('available');
    const project = await manager.until<Project>(
      `/api/projects/${synthetic}/`,
      (p) => ['FINISHED', 'FAILED'].includes(p.status),
      {
        timeoutMs: 170_000,
        intervalMs: 1000,
      },
    );
    expect(project.status).toBe('FINISHED');
    const reportIds: number[] = [];
    for (const reportType of ['operability', 'design'] as const) {
      const draft = (
        await manager.post<Report>('/api/reports/', { projectId: synthetic, name: `Synthetic_${reportType}` })
      ).body;
      await manager.put(`/api/reports/${draft.id}/generate/`, {
        name: draft.name,
        reportType,
        points: [project.points[0]!.id],
      });
      const report = await manager.until<Report>(`/api/reports/${draft.id}/`, settled, {
        timeoutMs: 120_000,
      });
      expect(report.error).toBe('');
      const { text, images } = await pdfText(report.id);
      // the Maps section: one figure per layer of the report's parts, in the parts' order, with its title,
      // units (those of the map screen's property files) and source
      const layers = [
        'Mean significant wave height (m)',
        'P90 significant wave height (m)',
        'Mean peak wave period (s)',
        'Mean wave energy flux (kW m-1)',
        'Mean wind speed at 10 m (m s-1)',
        'P90 wind speed at 10 m (m s-1)',
        'Mean surface current speed (m s-1)',
        'P90 surface current speed (m s-1)',
        'P90 water level (tide + surge) (m)',
      ];
      expect(
        headingsOf(text, ['Locations', 'Maps', 'Map of the points', '2D statistics maps', ...layers]),
      ).toEqual(['Locations', 'Maps', 'Map of the points', '2D statistics maps', ...layers]);
      // temperature and salinity belong to no part of a report
      expect(text).not.toContain('Mean sea surface temperature');
      expect(text).toMatch(phrase('Source: Synthetic demo hindcast (North and Celtic Seas), 1985–2024'));
      expect(images).toBeGreaterThanOrEqual(layers.length);
      for (const part of ['Waves', 'Wind', 'Currents', 'Water levels'])
        expect(text, part).toContain(`Mooring — ${part}`);
      expect(text).not.toContain('could not be drawn');
      expect(text).toContain('synthetic demonstration dataset');
      expect(text).not.toContain('no longer registered'); // the Annex finds the zone's synthetic hindcast
      expect(text).toMatch(/Synthetic\s+yes/);
      // no buoy lies near the point: the annex says so for the dataset (not a silent gap)
      expect(text).toMatch(/Validation\s+Mooring: no buoy within 100 km of the point: no validation figure/);
      reportIds.push(report.id);
      if (reportType === 'design') {
        expect(text).toContain('Current speed extremes per level');
        expect(text).toContain('Water height extremes');
      }
    }
    expect(reportIds.map(filesOf).every((files) => files.length === 1)).toBe(true);
    expect((await manager.delete(`/api/projects/${synthetic}/`)).status).toBe(204);
    expect(reportIds.flatMap(filesOf)).toEqual([]);
  }, 300_000);
});

describe('validation in the Annex Databases', () => {
  it('prints the comparison of the buoy near the point, its metrics those of the comparison API', async () => {
    // a point 8 km east of NDBC 44007 (buoy-comparison.test.ts), one point, one part
    const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) =>
      o.zones.some((z) => z.name === 'Gulf of Maine'),
    )!;
    const created = await manager.post<{ projectId: number }>('/api/projects/', {
      name: 'Report_Maine',
      offerInstance: offer.id,
      zone: offer.zones.find((z) => z.name === 'Gulf of Maine')!.id,
      points: [{ name: 'Near 44007', lat: 43.45, lng: -70.02 }],
    });
    const maine = created.body.projectId;
    await manager.put(`/api/projects/${maine}/compute/`);
    const project = await manager.until<Project>(
      `/api/projects/${maine}/`,
      (p) => ['FINISHED', 'FAILED'].includes(p.status),
      { timeoutMs: 170_000, intervalMs: 1000 },
    );
    expect(project.status).toBe('FINISHED');
    const point = project.points[0]!;
    const draft = (await manager.post<Report>('/api/reports/', { projectId: maine, name: 'Maine_DES' })).body;
    await manager.put(`/api/reports/${draft.id}/generate/`, {
      name: draft.name,
      reportType: 'design',
      parts: ['waves'],
      points: [point.id],
    });
    const report = await manager.until<Report>(`/api/reports/${draft.id}/`, settled, { timeoutMs: 120_000 });
    expect(report.error).toBe('');
    const { text } = await pdfText(report.id);
    const annex = text.slice(text.lastIndexOf('Annex: Databases'), text.lastIndexOf('Annex: Methodology'));

    const buoyId = (await manager.get<Buoy[]>('/api/buoys/')).body.find((b) => b.code === '44007')!.id;
    const answer = await manager.get<BuoyComparison>(
      `/api/buoys/${buoyId}/comparison/?project=${maine}&point=${point.id}`,
    );
    expect(answer.status).toBe(200);
    const comparison = answer.body;
    const buoy = comparison.buoy.name;
    expect(annex).toMatch(
      new RegExp(
        `Validation\\s+Near 44007: compared with ${buoy} \\(${comparison.distanceKm.toFixed(1)} km\\)`,
      ),
    );
    expect(annex).toContain(`Validation: Near 44007 against ${buoy}`);
    expect(annex).toMatch(phrase(`${comparison.distanceKm.toFixed(1)} km from Near 44007`));
    expect(annex).toContain('synthetic demo hindcast');
    expect(comparison.variables.map((v) => v.name)).toEqual(['hs', 'tz']);
    for (const variable of comparison.variables) {
      const { paired, common, timestamps } = variable.counts;
      expect(annex).toMatch(
        phrase(
          `${common} hours held by both (the pairs) from ${variable.period.from!.slice(0, 10)} to ${variable.period.to!.slice(0, 10)}; of the ${timestamps} hours on both time axes`,
        ),
      );
      const metrics = COMPARISON_METRICS.filter((m) => m in variable.metrics);
      expect(metrics).toEqual(['bias', 'pbias', 'rmse', 'nrmse', 'corr', 'SI', 'std_ratio']);
      // the one-row table: n, then each metric as the API gives it, at 2 decimals
      const row = [String(paired), ...metrics.map((m) => f2(variable.metrics[m]!))];
      expect(annex, variable.name).toMatch(new RegExp(`^\\s*${row.join('\\s+')}\\s*$`, 'm'));
    }
    expect(annex).toMatch(/bias \(m\)\s+pbias \(%\)\s+rmse \(m\)\s+nrmse\s+corr\s+SI\s+std_ratio/);
    expect(annex).toMatch(/bias \(s\)\s+pbias \(%\)\s+rmse \(s\)/);
    expect(text).not.toContain('could not be drawn');
    // the method of the comparison in the methodology annex (docs/methods/comparison.md)
    expect(text.slice(text.lastIndexOf('Annex: Methodology'))).toMatch(
      /Model vs observation \(satellite and buoy comparisons\)\s+In one line\. the hindcast at the node nearest/,
    );

    // issue 29: a report job makes each comparison once — for its summary and both drawing passes — and a
    // point on the same node shares it, under its own name and distance
    const { db } = server.runtime.services;
    const [reportRow] = await db.select().from(reports).where(eq(reports.id, report.id));
    const memo: ComparisonMemo = new Map();
    const header = await loadReportHeader(db, reportRow!, server.runtime.services.config.dataDir, memo);
    expect(memo.size).toBe(1);
    const [pointRow] = await db.select().from(points).where(eq(points.id, point.id));
    const [again] = await validationsOf(db, header.access, pointRow!, memo);
    const [first] = await validationsOf(db, header.access, pointRow!, memo);
    expect(again).toEqual(first);
    // 0.05° east: the same node of the 0.25° grid
    const twin = { ...pointRow!, id: pointRow!.id + 1_000_000, name: 'Twin', lng: pointRow!.lng + 0.05 };
    const [shared] = await validationsOf(db, header.access, twin, memo);
    expect(memo.size).toBe(1);
    if (!(first && 'comparison' in first && shared && 'comparison' in shared))
      throw new Error('both points are compared with the buoy');
    expect(first.comparison).toMatchObject({ point: { name: 'Near 44007' } });
    expect(first.comparison.distanceKm).toBeCloseTo(comparison.distanceKm, 9);
    expect(first.comparison.variables).toEqual(comparison.variables);
    expect(shared.comparison.variables).toBe(first.comparison.variables);
    expect(shared.comparison.point).toMatchObject({ name: 'Twin', lng: twin.lng });
    expect(shared.comparison.distanceKm).not.toBeCloseTo(first.comparison.distanceKm, 3);
    expect((await manager.delete(`/api/projects/${maine}/`)).status).toBe(204);
  }, 300_000);
});

describe('report lifecycle and permissions', () => {
  it('cancels a generation: the report stays CANCELLED, with no document', async () => {
    const created = (await manager.post<Report>('/api/reports/', { projectId, name: 'Cancelled' })).body;
    await manager.put(`/api/reports/${created.id}/generate/`, {
      name: 'Cancelled',
      reportType: 'operability',
      points: [pointId],
    });
    const cancelled = await manager.put<Report>(`/api/reports/${created.id}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const after = (await manager.get<Report>(`/api/reports/${created.id}/`)).body;
    expect(after.status).toBe('CANCELLED');
    expect(after.document).toBeNull();
    expect((await manager.fetch(`/api/reports/${created.id}/download/`)).status).toBe(404);
    expect(filesOf(created.id)).toEqual([]);
    // a second cancel: nothing is running
    expect((await manager.put(`/api/reports/${created.id}/cancel/`)).status).toBe(400);
    // clean: back to a draft
    const cleaned = await manager.put<Report>(`/api/reports/${created.id}/clean/`);
    expect(cleaned.body.status).toBe('PENDING');
  }, 60_000);

  it('cancels while the report thread draws: CANCELLED, no document, the thread free for the next', async () => {
    const created = (await manager.post<Report>('/api/reports/', { projectId, name: 'Cancelled late' })).body;
    await manager.put(`/api/reports/${created.id}/generate/`, {
      name: 'Cancelled late',
      reportType: 'operability',
      points: [pointId],
      monthly: true,
    });
    // past the front matter (10 %): the body is being drawn in the thread
    const drawing = await manager.until<Report>(
      `/api/reports/${created.id}/`,
      (r) => r.progress >= 10 || r.status !== 'RUNNING',
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    expect(drawing.status).toBe('RUNNING');
    expect((await manager.put<Report>(`/api/reports/${created.id}/cancel/`)).body.status).toBe('CANCELLED');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = (await manager.get<Report>(`/api/reports/${created.id}/`)).body;
    expect(after.status).toBe('CANCELLED');
    expect(after.document).toBeNull();
    expect(filesOf(created.id)).toEqual([]);
    // the next generation is drawn
    const next = await generated({ name: 'After the cancel', reportType: 'design', points: [pointId] });
    expect(next.status).toBe('FINISHED');
    expect(filesOf(next.id)).toHaveLength(1);
  }, 120_000);

  it('lists the reports of the project with the latest started first', async () => {
    const list = await member.get<Report[]>(`/api/reports/?project=${projectId}`);
    expect(list.status).toBe(200);
    const started = list.body.filter((r) => r.startedAt !== null).map((r) => r.startedAt!);
    expect(started).toEqual([...started].sort().reverse());
    expect(list.body.every((r) => r.canDelete === false)).toBe(true);
  });

  it('refuses bad input with field messages', async () => {
    expect((await manager.post('/api/reports/', { projectId, name: '  ' })).body).toMatchObject({
      fieldErrors: { name: ['This field is required'] },
    });
    const draft = (await manager.post<Report>('/api/reports/', { projectId, name: 'Bad' })).body;
    const noPoints = await manager.put(`/api/reports/${draft.id}/generate/`, {
      name: 'Bad',
      reportType: 'design',
      points: [],
    });
    expect(noPoints.status).toBe(400);
    expect(JSON.stringify(noPoints.body)).toContain('Select at least one point.');
    const badType = await manager.put(`/api/reports/${draft.id}/generate/`, {
      name: 'Bad',
      reportType: 'average',
      points: [pointId],
    });
    expect(badType.status).toBe(400);
    const foreign = await manager.put(`/api/reports/${draft.id}/generate/`, {
      name: 'Bad',
      reportType: 'design',
      points: [999999],
    });
    expect(foreign.body).toMatchObject({
      fieldErrors: { points: ['Every point must belong to the project.'] },
    });
  });

  it('comments: any user of the project, recorded as the caller; required text', async () => {
    const draft = (await manager.post<Report>('/api/reports/', { projectId, name: 'Commented' })).body;
    const added = await member.post<Comment>('/api/comments/', {
      message: 'Checked the January table.',
      objectId: draft.id,
      contentType: 18,
    });
    expect(added.status).toBe(201);
    expect(added.body.user).toMatchObject({ id: memberId, firstName: 'Mel' });
    expect((await member.post('/api/comments/', { message: '', objectId: draft.id })).body).toMatchObject({
      fieldErrors: { message: ['This field is required'] },
    });
    expect(
      (
        await member.post('/api/comments/', {
          message: 'as someone else',
          objectId: draft.id,
          user: memberId + 1,
        })
      ).status,
    ).toBe(403);
    const list = await manager.get<Comment[]>(`/api/comments/?objectId=${draft.id}`);
    expect(list.body.map((c) => c.message)).toEqual(['Checked the January table.']);
    // another customer sees neither the report nor its comments
    expect((await standard.get(`/api/reports/${draft.id}/`)).status).toBe(404);
    expect((await standard.get(`/api/comments/?objectId=${draft.id}`)).status).toBe(404);
    expect((await standard.post('/api/comments/', { message: 'hi', objectId: draft.id })).status).toBe(404);
    expect((await manager.get('/api/content_types/')).body).toEqual([
      { id: 18, appLabel: 'reports', model: 'report' },
    ]);
  });

  it('delete: managers only', async () => {
    const draft = (await manager.post<Report>('/api/reports/', { projectId, name: 'ToDelete' })).body;
    const refused = await member.delete(`/api/reports/${draft.id}/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: 'Only a manager can delete a report.' });
    expect((await manager.delete(`/api/reports/${draft.id}/`)).status).toBe(204);
    expect((await manager.get(`/api/reports/${draft.id}/`)).status).toBe(404);
    // a finished report's PDF goes with it
    expect(filesOf(designReportId)).toHaveLength(1);
    expect((await manager.delete(`/api/reports/${designReportId}/`)).status).toBe(204);
    expect(filesOf(designReportId)).toEqual([]);
  });

  it('an offer without reports, or an expired offer, refuses', async () => {
    const db = server.runtime.services.db;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    const instanceId = project!.offerInstanceId;
    const draft = (await manager.post<Report>('/api/reports/', { projectId, name: 'Expiring' })).body;
    await db.update(offerInstances).set({ canReport: false }).where(eq(offerInstances.id, instanceId));
    try {
      const refused = await manager.post('/api/reports/', { projectId, name: 'NoReports' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ detail: 'Your offer does not include PDF report generation.' });
    } finally {
      await db.update(offerInstances).set({ canReport: true }).where(eq(offerInstances.id, instanceId));
    }
    const [instance] = await db.select().from(offerInstances).where(eq(offerInstances.id, instanceId));
    await db
      .update(offerInstances)
      .set({ offerEnd: new Date(Date.now() - 1000) })
      .where(eq(offerInstances.id, instanceId));
    try {
      const expiredText = /expired/i;
      const create = await manager.post('/api/reports/', { projectId, name: 'Late' });
      expect(create.status).toBe(400);
      expect(JSON.stringify(create.body)).toMatch(expiredText);
      const generate = await manager.put(`/api/reports/${draft.id}/generate/`, {
        name: 'Late',
        reportType: 'design',
        points: [pointId],
      });
      expect(generate.status).toBe(400);
      expect((await member.post('/api/comments/', { message: 'late', objectId: draft.id })).status).toBe(400);
      expect((await manager.delete(`/api/reports/${draft.id}/`)).status).toBe(400);
      // existing reports stay viewable
      expect((await manager.get(`/api/reports/${draft.id}/`)).status).toBe(200);
    } finally {
      await db
        .update(offerInstances)
        .set({ offerEnd: instance!.offerEnd })
        .where(eq(offerInstances.id, instanceId));
    }
  });
});
