// Decompression bombs against every upload that unzips (issue 23): point files (.kmz, .zip, .xlsx) and
// geometries (.kmz, .zip). Each is refused with 413 (over budget) or 400 (lying headers) in under 2 s, and
// memory stays bounded even with several at once. The bombs are written by test/zip-bombs.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer, Project } from '@metocean/contracts';
import { archiveMessages } from '../../src/services/archive';
import { POINT_ARCHIVE_BUDGET } from '../../src/services/parse';
import { startTestServer, type Actor, type Answer, type TestServer } from '../harness';
import { zipOf } from '../zip-bombs';

const MIB = 1024 * 1024;
let server: TestServer;
let manager: Actor;
let project: Project;

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  const offers = (await manager.get<Offer[]>('/api/offers/')).body;
  const offer = offers.find((o) => o.zones.some((z) => z.name === 'Southern North Sea'))!;
  const created = await manager.post<{ projectId: number }>('/api/projects/', {
    name: 'Bombs',
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Southern North Sea')?.id,
    points: [{ lat: 53.3, lng: 1.3 }],
  });
  expect(created.status).toBe(201);
  project = (await manager.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
});
afterAll(async () => server?.stop());

const parsePoints = (fileName: string, content: Buffer) =>
  manager.upload('/api/points/parse/', { file: { content, fileName } });
const uploadGeometry = (fileName: string, content: Buffer) =>
  manager.upload('/api/geometries/', { project: String(project.id), file: { content, fileName } });

async function timed(send: () => Promise<Answer>): Promise<Answer> {
  const started = Date.now();
  const answer = await send();
  expect(Date.now() - started).toBeLessThan(2000);
  return answer;
}

/** An .xlsx whose one sheet inflates to `inflated` bytes (declaring `declared`). */
const xlsxBomb = (inflated: number, declared?: number) =>
  zipOf([{ name: 'xl/worksheets/sheet1.xml', inflated, ...(declared === undefined ? {} : { declared }) }], {
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
  });

describe('point files', () => {
  it('refuses a 1 MB KMZ holding a 1 GiB KML with 413 in under 2 s', async () => {
    const bomb = zipOf([{ name: 'doc.kml', inflated: 1024 * MIB }]);
    expect(bomb.length).toBeLessThan(1.1 * MIB);
    for (const name of ['bomb.kmz', 'bomb.zip']) {
      const answer = await timed(() => parsePoints(name, bomb));
      expect(answer.status).toBe(413);
      expect(answer.body.detail).toBe(
        archiveMessages.tooLarge(name.endsWith('.kmz') ? 'KMZ file' : 'archive', POINT_ARCHIVE_BUDGET),
      );
    }
  });

  it('refuses a KMZ whose headers lie about sizes with 400', async () => {
    const liar = zipOf([{ name: 'doc.kml', inflated: 1024 * MIB, declared: 500 }]);
    const answer = await timed(() => parsePoints('liar.kmz', liar));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ nonFieldErrors: [archiveMessages.lying('KMZ file')] });
  });

  it('refuses an XLSX whose sheet inflates to 560 MB, honest or lying', async () => {
    const honest = await timed(() => parsePoints('big.xlsx', xlsxBomb(560 * MIB)));
    expect(honest.status).toBe(413);
    expect(honest.body.detail).toBe(archiveMessages.tooLarge('XLSX file', POINT_ARCHIVE_BUDGET));
    const liar = await timed(() => parsePoints('liar.xlsx', xlsxBomb(560 * MIB, 2000)));
    expect(liar.status).toBe(400);
  });

  it('keeps memory bounded with four bombs at once', async () => {
    const liar = zipOf([{ name: 'doc.kml', inflated: 1024 * MIB, declared: 500 }]);
    const honest = xlsxBomb(560 * MIB);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const answers = await Promise.all([
      parsePoints('a.kmz', liar),
      parsePoints('b.xlsx', honest),
      uploadGeometry('c.kmz', liar),
      uploadGeometry('d.zip', liar),
    ]);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answers.map((a) => a.status)).toEqual([400, 413, 400, 400]);
    // The server runs in this process: what the four cost shows in its resident memory.
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * MIB);
  });
});

describe('geometries', () => {
  it('refuses a bomb with 413 and a lying zip with 400, storing nothing', async () => {
    const before = (await manager.get<unknown[]>(`/api/geometries/?project=${project.id}`)).body.length;
    const bomb = await timed(() =>
      uploadGeometry('bomb.kmz', zipOf([{ name: 'doc.kml', inflated: 1024 * MIB }])),
    );
    expect(bomb.status).toBe(413);
    const liar = await timed(() =>
      uploadGeometry('liar.zip', zipOf([{ name: 'roads.shp', inflated: 512 * MIB, declared: 100 }])),
    );
    expect(liar.status).toBe(400);
    expect(liar.body).toEqual({ nonFieldErrors: [archiveMessages.lying('archive')] });
    const after = (await manager.get<unknown[]>(`/api/geometries/?project=${project.id}`)).body.length;
    expect(after).toBe(before);
  });
});

// Issue 29: every archive the server opens inflates through one reader (readZip) that counts the bytes it
// produces. An .xlsx plan whose sheet declares 4 KB but inflates to 1 GiB passed the old guard (which summed
// the declared sizes) and cost +1.1 GB; each path below answers 4xx at once and keeps RSS within 64 MB.
describe('lying bombs on every archive path (issue 29)', () => {
  const liar = (name: string) =>
    zipOf([{ name, inflated: 1024 * MIB, declared: 4096 }], {
      '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    });
  const planSettings = JSON.stringify({
    outputDir: 'Bomb',
    percentiles: [50],
    envCoords: 'Sheet1!A1',
    tasksCoords: 'Sheet1!A4',
    locationAliases: {},
    formats: ['TOTAL_DURATION'],
  });
  const paths: [string, () => Promise<Answer>, number][] = [
    [
      'a plan scanned',
      () =>
        manager.upload(`/api/projects/${project.id}/scan_planning_file/`, {
          file: { content: liar('xl/worksheets/sheet1.xml'), fileName: 'plan.xlsx' },
        }),
      400,
    ],
    [
      'a planning created',
      () =>
        manager.upload('/api/downtimes/', {
          project: String(project.id),
          settings: planSettings,
          file: { content: liar('xl/worksheets/sheet1.xml'), fileName: 'plan.xlsx' },
        }),
      400,
    ],
    ['an .xlsx of points', () => parsePoints('points.xlsx', liar('xl/worksheets/sheet1.xml')), 400],
    ['a .kmz of points', () => parsePoints('points.kmz', liar('doc.kml')), 400],
    ['a zipped shapefile of points', () => parsePoints('points.zip', liar('points.shp')), 400],
    ['a geometry .kmz', () => uploadGeometry('roads.kmz', liar('doc.kml')), 400],
    ['a zipped geometry shapefile', () => uploadGeometry('roads.zip', liar('roads.shp')), 400],
  ];

  beforeAll(async () => {
    // the plan reader's thread starts with the first plan read, and its heap counts in this process's RSS:
    // started here by a file that is no workbook, so what is measured below is the bombs' alone
    const warm = await manager.upload(`/api/projects/${project.id}/scan_planning_file/`, {
      file: { content: 'not a workbook', fileName: 'plan.xlsx' },
    });
    expect(warm.status).toBe(400);
  });

  it.each(paths)('refuses %s in under 2 s, RSS growing by less than 64 MB', async (_, send, status) => {
    const before = process.memoryUsage().rss;
    const answer = await timed(send);
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.body)).toMatch(/damaged: the size of one of its (files|parts)/);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MIB);
  });
});
