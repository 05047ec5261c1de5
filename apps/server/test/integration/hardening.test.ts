// Issue 29, findings 4, 5 and 9, over HTTP:
// - an id beyond int32 anywhere it arrives (path, query, JSON, multipart) is a 4xx, never a 500: the test walks
//   the OpenAPI document and sends 2^31 and 2^53 into every id field of every route, the other fields filled
//   with plausible values from their schemas (9 routes answered 500 before);
// - references are checked whatever the step: a contractors job saved at a step other than RUN refuses
//   another customer's operation and point ids (they were stored); a new project refuses another customer's
//   collaborator with update_collaborators' 400 (it was silently dropped); GET ?latest changes nothing (it
//   inserted the wizard job);
// - an answer to a signed-in caller carries Cache-Control: no-store; behind a trusted proxy that says https,
//   HSTS is sent (and not over plain http).
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorMessages,
  idMessage,
  messages,
  type ContractorBoat,
  type ContractorJob,
  type ContractorOperation,
  type Offer,
  type Project,
} from '@metocean/contracts';
import { planningTemplate } from '@metocean/hindcast';
import { contractorJobs, points, projects, users } from '../../src/db/schema';
import { HSTS } from '../../src/http/security';
import { createProject } from '../project-fixture';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let standard: Actor;
let admin: Actor;
let projectId = 0;

beforeAll(async () => {
  // a server behind a proxy on this machine: X-Forwarded-* believed from loopback
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
  manager = await server.as('manager');
  standard = await server.as('standard');
  admin = await server.as('admin');
  projectId = await createProject(manager, {
    offer: 'Marine Contractors Dashboard',
    zone: 'Southern North Sea',
    name: 'Hardening',
    points: [{ name: 'Hornsea', lat: 53.324, lng: 1.32 }],
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** A field that names a stored object (an id of any kind). */
const ID_FIELD =
  /^(id|objectId|userId|projectId|layerId|stats_id|project_id|project|point|points|zone|boat|operation|operations|user|customer|collaborators|offerInstance|computation|task|planning|comparison)$/;
const BIG = [2 ** 31, 2 ** 53];

/** A value the schema accepts, as plausible as can be without knowing the route. */
function plausible(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return plausible(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => plausible(schema.items));
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const name of schema.required ?? Object.keys(schema.properties ?? {}))
        body[name] = plausible(schema.properties?.[name]);
      return body;
    }
    case undefined:
    default:
      return schema.format === 'email'
        ? 'someone@example.org'
        : 'x'.repeat(Math.max(1, schema.minLength ?? 3));
  }
}

/** The field set to the big id: an array field gets [big]. */
const withBig = (schema: Schema | undefined, big: number): unknown =>
  schema?.type === 'array' || schema?.items ? [big] : big;

interface Probe {
  method: string;
  path: string;
  body?: unknown;
  field: string;
}

function probes(document: { paths: Record<string, Record<string, Operation>> }): Probe[] {
  const list: Probe[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json']?.schema;
      const targets = [
        ...parameters.filter((p) => ID_FIELD.test(p.name)).map((p) => ({ where: p.in, name: p.name })),
        ...Object.keys(json?.properties ?? {})
          .filter((name) => ID_FIELD.test(name))
          .map((name) => ({ where: 'body' as const, name })),
      ];
      for (const target of targets)
        for (const big of BIG) {
          let path = route;
          const query = new URLSearchParams();
          for (const p of parameters) {
            const value =
              p.in === target.where && p.name === target.name ? String(big) : String(plausible(p.schema));
            if (p.in === 'path') path = path.replace(`{${p.name}}`, value === 'xxx' ? '1' : value);
            else if (p.in === 'query' && (p.required || p.name === target.name)) query.set(p.name, value);
          }
          let body: unknown;
          if (json) {
            const filled = plausible(json) as Record<string, unknown>;
            if (target.where === 'body') filled[target.name] = withBig(json.properties?.[target.name], big);
            body = filled;
          }
          const search = query.toString();
          list.push({
            method: method.toUpperCase(),
            path: search ? `${path}?${search}` : path,
            ...(body !== undefined ? { body } : {}),
            field: `${target.where}:${target.name}=${big}`,
          });
        }
    }
  }
  return list;
}

describe('ids beyond int32 (finding 4)', () => {
  it('every id field of every route of the OpenAPI document answers 4xx to 2^31 and 2^53', async () => {
    const document = (
      await server.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/api/docs/json')
    ).body;
    const list = probes(document);
    // the nine routes of the finding are among them
    for (const needle of [
      'GET /api/downtimes/?project=2147483648',
      'GET /api/reports/?project=2147483648',
      'GET /api/comments/?objectId=2147483648',
      'GET /api/contractors/jobs/?project_id=2147483648',
    ])
      expect(
        list.some(
          (p) =>
            `${p.method} ${p.path}`.startsWith(needle.split('?')[0]!) &&
            p.path.includes(needle.split('?')[1]!),
        ),
      ).toBe(true);
    for (const [method, path, field] of [
      ['PUT', '/api/reports/{id}/generate/', 'body:points'],
      ['POST', '/api/comments/', 'body:objectId'],
      ['POST', '/api/contractors/operations/', 'body:boat'],
      ['POST', '/api/contractors/constraints/', 'body:operation'],
    ] as const) {
      expect(document.paths[path]?.[method.toLowerCase()]).toBeDefined();
      expect(list.some((p) => p.method === method && p.field.startsWith(field))).toBe(true);
    }
    const failures: string[] = [];
    for (const who of [manager, admin]) {
      for (const probe of list) {
        const answer = await who.request(
          probe.method,
          probe.path,
          probe.body !== undefined ? { body: probe.body } : {},
        );
        if (answer.status < 400 || answer.status >= 500)
          failures.push(`${who.username} ${probe.method} ${probe.path} ${probe.field}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(list.length).toBeGreaterThan(150);
  }, 300_000);

  it('the multipart project of POST /api/downtimes/ too', async () => {
    for (const big of BIG) {
      // a plan and settings that read: the project id is what is refused
      const answer = await manager.upload('/api/downtimes/', {
        file: { content: await planningTemplate(), fileName: 'plan.xlsx' },
        project: String(big),
        settings: JSON.stringify({
          outputDir: 'Big',
          percentiles: [50, 90],
          envCoords: 'Planning!B2:I5',
          tasksCoords: 'Planning!B8:L16',
          locationAliases: {},
          formats: ['TOTAL_DURATION'],
        }),
      });
      expect([answer.status, answer.body]).toEqual([
        400,
        { fieldErrors: { project: [`project ${idMessage}`] } },
      ]);
    }
  });
});

describe('references (finding 5)', () => {
  let job: ContractorJob;
  let foreignOperation: ContractorOperation;
  let foreignPointId = 0;

  it("GET ?latest reads the project's wizard job, made with the project; it inserts nothing", async () => {
    const db = server.runtime.services.db;
    const before = await db.select().from(contractorJobs).where(eq(contractorJobs.projectId, projectId));
    expect(before).toHaveLength(1);
    const answer = await manager.get<ContractorJob>(`/api/contractors/jobs/?latest&project_id=${projectId}`);
    expect(answer.status).toBe(200);
    job = answer.body;
    expect(job).toMatchObject({ id: before[0]!.id, step: 'OPERATIONS', status: 'IDLE' });
    // a project that is no marine contractors dashboard has no wizard job: 404, and still no row
    const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) => o.name === 'On Demand')!;
    const other = await manager.post<{ projectId: number }>('/api/projects/', {
      name: 'Not_a_dashboard',
      offerInstance: offer.id,
      zone: offer.zones.find((z) => z.name === 'Southern North Sea')!.id,
      points: [{ lat: 53.3, lng: 1.3 }],
    });
    expect(other.status).toBe(201);
    const latest = await manager.get(`/api/contractors/jobs/?latest&project_id=${other.body.projectId}`);
    expect(latest.status).toBe(404);
    expect(
      await db.select().from(contractorJobs).where(eq(contractorJobs.projectId, other.body.projectId)),
    ).toEqual([]);
  });

  it("a job saved at any step refuses another customer's operation or point", async () => {
    // the other customer's boat, operation and project point
    const boat = await standard.post<ContractorBoat>('/api/contractors/boats/', { name: 'Foreign boat' });
    expect(boat.status).toBe(201);
    const operation = await standard.post<ContractorOperation>('/api/contractors/operations/', {
      boat: boat.body.id,
      name: 'Foreign lift',
      duration: 4,
    });
    expect(operation.status).toBe(201);
    foreignOperation = operation.body;
    // a point of a project of another customer (the demo's)
    const db = server.runtime.services.db;
    const [me] = await db.select().from(users).where(eq(users.username, 'manager'));
    const [foreignPoint] = await db
      .select({ id: points.id })
      .from(points)
      .innerJoin(projects, eq(projects.id, points.projectId))
      .where(ne(projects.customerId, me!.customerId))
      .limit(1);
    foreignPointId = foreignPoint!.id;
    const save = (parameters: Record<string, unknown>, step: string) =>
      manager.put<ContractorJob>(`/api/contractors/jobs/${job.id}/`, {
        project: projectId,
        parameters: {
          operations: [],
          points: [],
          percentiles: [50],
          outputFormat: 'DURATION',
          ...parameters,
        },
        step,
      });
    for (const step of ['OPERATIONS', 'LOCATIONS', 'OUTPUTS', 'RUN']) {
      const foreignOp = await save({ operations: [foreignOperation.id] }, step);
      expect([foreignOp.status, foreignOp.body]).toEqual([
        400,
        { fieldErrors: { operations: [contractorMessages.unknownOperation] } },
      ]);
      const foreignPoint = await save({ points: [foreignPointId] }, step);
      expect([foreignPoint.status, foreignPoint.body]).toEqual([
        400,
        { fieldErrors: { points: [contractorMessages.unknownPoint] } },
      ]);
    }
    const stored = (await manager.get<ContractorJob>(`/api/contractors/jobs/${job.id}/`)).body;
    expect(stored.parameters.operations).not.toContain(foreignOperation.id);
    expect(stored.parameters.points).not.toContain(foreignPointId);
    // the caller's own ids are saved at a step before RUN, with no launch rule applied yet
    const ownPoint = (await manager.get<Project>(`/api/projects/${projectId}/`)).body.points[0]!.id;
    const saved = await save({ points: [ownPoint] }, 'LOCATIONS');
    expect(saved.status).toBe(200);
    expect(saved.body.parameters.points).toEqual([ownPoint]);
  });

  it("a new project refuses another customer's collaborator as update_collaborators does", async () => {
    const db = server.runtime.services.db;
    const [foreign] = await db.select().from(users).where(eq(users.username, 'standard'));
    const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) => o.name === 'On Demand')!;
    const created = await manager.post('/api/projects/', {
      name: 'With_a_stranger',
      offerInstance: offer.id,
      zone: offer.zones.find((z) => z.name === 'Southern North Sea')!.id,
      collaborators: [foreign!.id],
      points: [{ lat: 53.3, lng: 1.3 }],
    });
    const updated = await manager.post(`/api/projects/${projectId}/update_collaborators/`, {
      collaborators: [foreign!.id],
    });
    expect([updated.status, updated.body]).toEqual([
      400,
      { fieldErrors: { collaborators: [messages.notFound] } },
    ]);
    expect([created.status, created.body]).toEqual([updated.status, updated.body]);
  });
});

describe('headers (finding 9)', () => {
  it('an authenticated download, and any signed-in answer, carries Cache-Control: no-store', async () => {
    const project = await manager.fetch(`/api/projects/${projectId}/`);
    expect(project.status).toBe(200);
    expect(project.headers.get('cache-control')).toBe('no-store');
    const job = (await manager.get<ContractorJob>(`/api/contractors/jobs/?latest&project_id=${projectId}`))
      .body;
    const download = await manager.fetch(`/api/contractors/jobs/${job.id}/download/`);
    // no results yet: the refusal is private too
    expect(download.headers.get('cache-control')).toBe('no-store');
    // an anonymous answer is not marked private
    const health = await server.anonymous.fetch('/api/health');
    expect(health.headers.get('cache-control')).toBeNull();
  });

  it('sends HSTS behind a trusted proxy that says https, not over plain http', async () => {
    const overHttps = await server.anonymous.request('GET', '/api/health', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers.get('strict-transport-security')).toBe(HSTS);
    const overHttp = await server.anonymous.request('GET', '/api/health', {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
  });
});
