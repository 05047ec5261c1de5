import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  projectMessages,
  type Offer,
  type Point,
  type Project,
  type ProjectListItem,
} from '@metocean/contracts';
import { startTestServer, type TestServer } from '../harness';

let server: TestServer;
const tokens: Record<string, string> = {};
const call = <T>(
  method: string,
  path: string,
  who: string,
  body?: unknown,
  headers?: Record<string, string>,
) => server.request<T>(method, path, { token: tokens[who], body, headers });
const offerNamed = async (who: string, name: string) => {
  const offers = (await call<Offer[]>('GET', '/api/offers/', who)).body;
  const offer = offers.find((o) => o.name === name);
  if (!offer) throw new Error(`${who} has no offer ${name}`);
  return offer;
};
const zoneIn = (offer: Offer, name: string) => offer.zones.find((z) => z.name === name)?.id;

async function waitForStatus(
  projectId: number,
  who: string,
  wanted: string[],
  seconds = 150,
): Promise<Project> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const project = (await call<Project>('GET', `/api/projects/${projectId}/`, who)).body;
    if (wanted.includes(project.status)) return project;
    if (Date.now() > deadline) throw new Error(`project ${projectId} still ${project.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['manager', 'member', 'trial', 'demo', 'standard', 'expired'])
    tokens[who] = (await server.login(who)).accessToken;
});
afterAll(() => server.stop());

describe('creating projects', () => {
  it('creates a project with points inside the zone and lists it', async () => {
    const offer = await offerNamed('manager', 'On Demand');
    const created = await call<{ status: string; projectId: number }>('POST', '/api/projects/', 'manager', {
      name: 'Biscay_jacket',
      offerInstance: offer.id,
      zone: zoneIn(offer, 'Bay of Biscay'),
      points: [
        { lat: 45.2, lng: -4.1 },
        { name: 'North', lat: 46.9, lng: -4.5 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('success');
    const project = (await call<Project>('GET', `/api/projects/${created.body.projectId}/`, 'manager')).body;
    expect(project.points.map((p) => p.name)).toEqual(['Point 1', 'North']);
    expect(project).toMatchObject({
      status: 'PENDING',
      type: 2,
      isManager: true,
      zone: { name: 'Bay of Biscay' },
    });
    // The demo zone is free (spec 000 §9).
    expect(project.offerInstance.creditsPerPoint).toBe(0);
    const list = (await call<ProjectListItem[]>('GET', '/api/projects/?search=biscay', 'manager')).body;
    expect(list.map((p) => p.name)).toContain('Biscay_jacket');
  });

  it('states every project-name rule', async () => {
    const offer = await offerNamed('manager', 'On Demand');
    const base = { offerInstance: offer.id, zone: zoneIn(offer, 'Bay of Biscay') };
    expect((await call('POST', '/api/projects/', 'manager', { ...base, name: 'ab' })).body).toEqual({
      fieldErrors: { name: [messages.minLength(3)] },
    });
    expect((await call('POST', '/api/projects/', 'manager', { ...base, name: 'x'.repeat(51) })).body).toEqual(
      { fieldErrors: { name: [messages.maxLength(50)] } },
    );
    expect((await call('POST', '/api/projects/', 'manager', { ...base, name: 'with space' })).body).toEqual({
      fieldErrors: { name: [messages.slugOnly] },
    });
    expect(
      (await call('POST', '/api/projects/', 'manager', { ...base, name: 'BISCAY_JACKET' })).body,
    ).toEqual({ fieldErrors: { name: [messages.projectNameTaken] } });
  });

  it('refuses points outside the zone with min, max and value', async () => {
    const offer = await offerNamed('manager', 'On Demand');
    const answer = await call('POST', '/api/projects/', 'manager', {
      name: 'Outside_test',
      offerInstance: offer.id,
      zone: zoneIn(offer, 'Bay of Biscay'),
      points: [{ lat: 50, lng: -4 }],
    });
    expect(answer.body).toEqual({ fieldErrors: { lat: [projectMessages.latitudeOutside(43.3, 48.5, 50)] } });
    // Inside the bounding box, outside the outline (on land near Bordeaux).
    const land = await call('POST', '/api/projects/', 'manager', {
      name: 'Outside_test',
      offerInstance: offer.id,
      zone: zoneIn(offer, 'Bay of Biscay'),
      points: [{ lat: 44.8, lng: -0.6 }],
    });
    expect(land.body).toEqual({ fieldErrors: { lng: [projectMessages.longitudeOutside(-10, -1.2, -0.6)] } });
  });

  it('refuses members, other customers’ offers and zones outside the offer', async () => {
    const offer = await offerNamed('manager', 'On Demand');
    expect(
      (
        await call('POST', '/api/projects/', 'member', {
          name: 'Nope',
          offerInstance: offer.id,
          zone: zoneIn(offer, 'World'),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', '/api/projects/', 'standard', {
          name: 'Nope',
          offerInstance: offer.id,
          zone: zoneIn(offer, 'World'),
        })
      ).body,
    ).toEqual({
      fieldErrors: { offerInstance: [messages.notFound] },
    });
    const trialOffer = await offerNamed('trial', 'Free Trial');
    expect(
      (
        await call('POST', '/api/projects/', 'manager', {
          name: 'Nope',
          offerInstance: offer.id,
          zone: 99999,
        })
      ).body,
    ).toEqual({
      fieldErrors: { zone: [projectMessages.zoneNotInOffer] },
    });
    expect(trialOffer.zones).toHaveLength(1);
  });

  it('creates a trial project at once with a generated name, and a numeric suffix on collision', async () => {
    const offer = await offerNamed('trial', 'Free Trial');
    const first = await call<{ projectId: number }>('POST', '/api/projects/', 'trial', {
      offerInstance: offer.id,
      isTrial: true,
    });
    const project = (await call<Project>('GET', `/api/projects/${first.body.projectId}/`, 'trial')).body;
    expect(project.name).toBe('Free_Trial-Bay_of_Biscay');
    expect(project.type).toBe(2);
    // The trial offer allows one project.
    const second = await call('POST', '/api/projects/', 'trial', { offerInstance: offer.id, isTrial: true });
    expect(second.body).toEqual({ nonFieldErrors: [projectMessages.tooManyProjects(1)] });
  });

  it('refuses new projects on an expired offer', async () => {
    const offer = await offerNamed('expired', 'On Demand');
    const answer = await call('POST', '/api/projects/', 'expired', {
      name: 'Late_one',
      offerInstance: offer.id,
      zone: zoneIn(offer, 'World'),
    });
    expect(answer.body).toEqual({ nonFieldErrors: [projectMessages.offerExpired('On Demand')] });
  });
});

describe('points', () => {
  let projectId: number;
  beforeAll(async () => {
    const offer = await offerNamed('manager', 'On Demand');
    projectId = (
      await call<{ projectId: number }>('POST', '/api/projects/', 'manager', {
        name: 'North_sea_wind',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'Southern North Sea'),
      })
    ).body.projectId;
  });

  it('adds points with default names and refuses duplicate names', async () => {
    const first = await call<Point>('POST', '/api/points/', 'manager', {
      project: projectId,
      geom: { type: 'Point', coordinates: [1.32, 53.324] },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Point 1',
      lat: 53.324,
      lng: 1.32,
      nbVersion: 1,
      isComputed: false,
    });
    const duplicate = await call('POST', '/api/points/', 'manager', {
      project: projectId,
      name: 'point 1',
      geom: { type: 'Point', coordinates: [2, 53] },
    });
    expect(duplicate.body).toEqual({ fieldErrors: { name: [messages.pointNameExists] } });
    expect(
      (
        await call('POST', '/api/points/', 'member', {
          project: projectId,
          geom: { type: 'Point', coordinates: [2, 53] },
        })
      ).status,
    ).toBe(404);
  });

  it('guards edits with nbVersion: a stale version gets 409', async () => {
    const [point] = (await call<Point[]>('GET', `/api/points/?project=${projectId}`, 'manager')).body;
    const body = { id: point!.id, project: projectId, name: 'IJmuiden', nbVersion: point!.nbVersion };
    const renamed = await call<Point>('PUT', `/api/points/${point!.id}/`, 'manager', body);
    expect(renamed.body).toMatchObject({ name: 'IJmuiden', nbVersion: 2 });
    const stale = await call('PUT', `/api/points/${point!.id}/`, 'manager', { ...body, name: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: messages.staleObject });
  });

  it('deletes every point only with the bulk header', async () => {
    await call('POST', '/api/points/bulk_create/', 'manager', {
      project: projectId,
      points: [
        { lat: 53.5, lng: 3 },
        { lat: 54, lng: 4 },
      ],
    });
    expect((await call('DELETE', `/api/points/?project=${projectId}`, 'manager')).status).toBe(400);
    const deleted = await call<{ deleted: number }>(
      'DELETE',
      `/api/points/?project=${projectId}`,
      'manager',
      undefined,
      { 'X-Bulk': 'true' },
    );
    expect(deleted.body).toEqual({ deleted: 3 });
  });
});

describe('computing', () => {
  it('charges credits atomically: of two parallel computes one wins, the other changes nothing', async () => {
    const offer = await offerNamed('standard', 'Standard Access');
    const projectId = (
      await call<{ projectId: number }>('POST', '/api/projects/', 'standard', {
        name: 'Race_test',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'Southern North Sea'),
        points: [{ lat: 53.324, lng: 1.32 }],
      })
    ).body.projectId;
    const [a, b] = await Promise.all([
      call('PUT', `/api/projects/${projectId}/compute/`, 'standard'),
      call('PUT', `/api/projects/${projectId}/compute/`, 'standard'),
    ]);
    expect([a.status, b.status].sort((x, y) => x - y)).toEqual([200, 400]);
    const me = (
      await call<{ accounts: { credits: number }[]; usedCredits: number }>(
        'GET',
        '/api/users/current/',
        'standard',
      )
    ).body;
    expect(me.accounts[0]?.credits).toBe(19);
    expect(me.usedCredits).toBe(1);
    const done = await waitForStatus(projectId, 'standard', ['FINISHED', 'FAILED']);
    expect(done.status).toBe('FINISHED');
    expect(done.points[0]?.isComputed).toBe(true);
    const stats = (
      await call<{ statId: string; code: string }[]>('GET', `/api/projects/${projectId}/stats/`, 'standard')
    ).body;
    for (const code of ['EPD', 'DR', 'WW', 'WD', 'EXT', 'TS'])
      expect(stats.map((s) => s.code)).toContain(code);
    const first = stats[0]!;
    const payload = await call<{ kwargs: { statId: string } }>(
      'GET',
      `/api/projects/${projectId}/get_visu_data/?point=${done.points[0]!.id}&stats_id=${encodeURIComponent(first.statId)}`,
      'standard',
    );
    expect(payload.status).toBe(200);
    expect(payload.body.kwargs.statId).toBe(first.statId);
    // Computed points are done: nothing is left to compute.
    expect((await call('PUT', `/api/projects/${projectId}/compute/`, 'standard')).body).toEqual({
      nonFieldErrors: [projectMessages.nothingToCompute],
    });
  }, 200_000);

  it('refuses a compute the credits cannot pay, leaving the credits untouched', async () => {
    const offer = await offerNamed('demo', 'Pack 10 Demo');
    const projectId = (
      await call<{ projectId: number }>('POST', '/api/projects/', 'demo', {
        name: 'Too_expensive',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'North and Celtic Seas'),
        points: Array.from({ length: 10 }, (_, i) => ({ lat: 55 + i * 0.2, lng: 2 })),
      })
    ).body.projectId;
    await server.request('PUT', '/api/users/current/settings/', {
      token: tokens.demo,
      body: { showOverviewControl: true, dismissAllTutorials: false },
    });
    // Spend 5 of the 10 credits elsewhere first.
    const five = (
      await call<{ projectId: number }>('POST', '/api/projects/', 'demo', {
        name: 'Five_points',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'North and Celtic Seas'),
        points: Array.from({ length: 5 }, (_, i) => ({ lat: 57 + i * 0.2, lng: 3 })),
      })
    ).body.projectId;
    expect((await call('PUT', `/api/projects/${five}/compute/`, 'demo')).status).toBe(200);
    await call('PUT', `/api/projects/${five}/cancel/`, 'demo');
    const before =
      (await call<{ accounts: { credits: number }[] }>('GET', '/api/users/current/', 'demo')).body.accounts[0]
        ?.credits ?? 0;
    const refused = await call('PUT', `/api/projects/${projectId}/compute/`, 'demo');
    if (before < 10)
      expect(refused.body).toMatchObject({
        nonFieldErrors: [projectMessages.insufficientCredits(10, before)],
      });
    const after = (await call<{ accounts: { credits: number }[] }>('GET', '/api/users/current/', 'demo')).body
      .accounts[0]?.credits;
    expect(after).toBe(before < 10 ? before : before - 10);
  }, 60_000);

  it('is refused to members', async () => {
    const list = (await call<ProjectListItem[]>('GET', '/api/projects/', 'manager')).body;
    const id = list[0]!.id;
    await call('POST', `/api/projects/${id}/update_collaborators/`, 'manager', { collaborators: [] });
    expect((await call('PUT', `/api/projects/${id}/compute/`, 'member')).status).toBe(404);
  });
});
