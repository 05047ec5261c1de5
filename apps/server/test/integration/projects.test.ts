import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  projectMessages,
  type Offer,
  type Point,
  type Project,
  type ProjectListItem,
} from '@metocean/contracts';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let member: Actor;
let trial: Actor;
let demo: Actor;
let standard: Actor;
let expired: Actor;
const offerNamed = async (who: Actor, name: string) => {
  const offers = (await who.get<Offer[]>('/api/offers/')).body;
  const offer = offers.find((o) => o.name === name);
  if (!offer) throw new Error(`${who.username} has no offer ${name}`);
  return offer;
};
const zoneIn = (offer: Offer, name: string) => offer.zones.find((z) => z.name === name)?.id;

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  member = await server.as('member');
  trial = await server.as('trial');
  demo = await server.as('demo');
  standard = await server.as('standard');
  expired = await server.as('expired');
});
afterAll(() => server.stop());

describe('creating projects', () => {
  it('creates a project with points inside the zone and lists it', async () => {
    const offer = await offerNamed(manager, 'On Demand');
    const created = await manager.post<{ status: string; projectId: number }>('/api/projects/', {
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
    const project = (await manager.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
    expect(project.points.map((p) => p.name)).toEqual(['Point 1', 'North']);
    expect(project).toMatchObject({
      status: 'PENDING',
      type: 2,
      isManager: true,
      zone: { name: 'Bay of Biscay' },
    });
    // The demo zone is free (spec 000 §9).
    expect(project.offerInstance.creditsPerPoint).toBe(0);
    const list = (await manager.get<ProjectListItem[]>('/api/projects/?search=biscay')).body;
    expect(list.map((p) => p.name)).toContain('Biscay_jacket');
  });

  it('states every project-name rule', async () => {
    const offer = await offerNamed(manager, 'On Demand');
    const base = { offerInstance: offer.id, zone: zoneIn(offer, 'Bay of Biscay') };
    expect((await manager.post('/api/projects/', { ...base, name: 'ab' })).body).toEqual({
      fieldErrors: { name: [messages.minLength(3)] },
    });
    expect((await manager.post('/api/projects/', { ...base, name: 'x'.repeat(51) })).body).toEqual({
      fieldErrors: { name: [messages.maxLength(50)] },
    });
    // issue 30: words separated by single spaces are a name; other characters and double spaces are not
    expect((await manager.post('/api/projects/', { ...base, name: 'with  two spaces' })).body).toEqual({
      fieldErrors: { name: [messages.slugOnly] },
    });
    expect((await manager.post('/api/projects/', { ...base, name: 'Cable lay/2025' })).body).toEqual({
      fieldErrors: { name: [messages.slugOnly] },
    });
    expect((await manager.post('/api/projects/', { ...base, name: 'BISCAY_JACKET' })).body).toEqual({
      fieldErrors: { name: [messages.projectNameTaken] },
    });
  });

  it('refuses points outside the zone with min, max and value', async () => {
    const offer = await offerNamed(manager, 'On Demand');
    const answer = await manager.post('/api/projects/', {
      name: 'Outside_test',
      offerInstance: offer.id,
      zone: zoneIn(offer, 'Bay of Biscay'),
      points: [{ lat: 50, lng: -4 }],
    });
    expect(answer.body).toEqual({ fieldErrors: { lat: [projectMessages.latitudeOutside(43.3, 48.5, 50)] } });
    // Inside the bounding box, outside the outline (on land near Bordeaux).
    const land = await manager.post('/api/projects/', {
      name: 'Outside_test',
      offerInstance: offer.id,
      zone: zoneIn(offer, 'Bay of Biscay'),
      points: [{ lat: 44.8, lng: -0.6 }],
    });
    expect(land.body).toEqual({ fieldErrors: { lng: [projectMessages.longitudeOutside(-10, -1.2, -0.6)] } });
  });

  it('refuses members, other customers’ offers and zones outside the offer', async () => {
    const offer = await offerNamed(manager, 'On Demand');
    expect(
      (
        await member.post('/api/projects/', {
          name: 'Nope',
          offerInstance: offer.id,
          zone: zoneIn(offer, 'World'),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await standard.post('/api/projects/', {
          name: 'Nope',
          offerInstance: offer.id,
          zone: zoneIn(offer, 'World'),
        })
      ).body,
    ).toEqual({
      fieldErrors: { offerInstance: [messages.notFound] },
    });
    const trialOffer = await offerNamed(trial, 'Free Trial');
    expect(
      (
        await manager.post('/api/projects/', {
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
    const offer = await offerNamed(trial, 'Free Trial');
    const first = await trial.post<{ projectId: number }>('/api/projects/', {
      offerInstance: offer.id,
      isTrial: true,
    });
    const project = (await trial.get<Project>(`/api/projects/${first.body.projectId}/`)).body;
    expect(project.name).toBe('Free_Trial-Bay_of_Biscay');
    expect(project.type).toBe(2);
    // The trial offer allows one project.
    const second = await trial.post('/api/projects/', { offerInstance: offer.id, isTrial: true });
    expect(second.body).toEqual({ nonFieldErrors: [projectMessages.tooManyProjects(1)] });
  });

  it('refuses new projects on an expired offer', async () => {
    const offer = await offerNamed(expired, 'On Demand');
    const answer = await expired.post('/api/projects/', {
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
    const offer = await offerNamed(manager, 'On Demand');
    projectId = (
      await manager.post<{ projectId: number }>('/api/projects/', {
        name: 'North_sea_wind',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'Southern North Sea'),
      })
    ).body.projectId;
  });

  it('adds points with default names and refuses duplicate names', async () => {
    const first = await manager.post<Point>('/api/points/', {
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
    const duplicate = await manager.post('/api/points/', {
      project: projectId,
      name: 'point 1',
      geom: { type: 'Point', coordinates: [2, 53] },
    });
    expect(duplicate.body).toEqual({ fieldErrors: { name: [messages.pointNameExists] } });
    expect(
      (
        await member.post('/api/points/', {
          project: projectId,
          geom: { type: 'Point', coordinates: [2, 53] },
        })
      ).status,
    ).toBe(404);
  });

  it('guards edits with nbVersion: a stale version gets 409', async () => {
    const [point] = (await manager.get<Point[]>(`/api/points/?project=${projectId}`)).body;
    const body = { id: point!.id, project: projectId, name: 'IJmuiden', nbVersion: point!.nbVersion };
    const renamed = await manager.put<Point>(`/api/points/${point!.id}/`, body);
    expect(renamed.body).toMatchObject({ name: 'IJmuiden', nbVersion: 2 });
    const stale = await manager.put(`/api/points/${point!.id}/`, { ...body, name: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: messages.staleObject });
  });

  it('deletes every point only with the bulk header', async () => {
    await manager.post('/api/points/bulk_create/', {
      project: projectId,
      points: [
        { lat: 53.5, lng: 3 },
        { lat: 54, lng: 4 },
      ],
    });
    expect((await manager.delete(`/api/points/?project=${projectId}`)).status).toBe(400);
    const deleted = await manager.delete<{ deleted: number }>(
      `/api/points/?project=${projectId}`,
      undefined,
      { 'X-Bulk': 'true' },
    );
    expect(deleted.body).toEqual({ deleted: 3 });
  });
});

describe('computing', () => {
  it('charges credits atomically: of two parallel computes one wins, the other changes nothing', async () => {
    const offer = await offerNamed(standard, 'Standard Access');
    const projectId = (
      await standard.post<{ projectId: number }>('/api/projects/', {
        name: 'Race_test',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'Southern North Sea'),
        points: [{ lat: 53.324, lng: 1.32 }],
      })
    ).body.projectId;
    const [a, b] = await Promise.all([
      standard.put(`/api/projects/${projectId}/compute/`),
      standard.put(`/api/projects/${projectId}/compute/`),
    ]);
    expect([a.status, b.status].sort((x, y) => x - y)).toEqual([200, 400]);
    const me = (
      await standard.get<{ accounts: { credits: number }[]; usedCredits: number }>('/api/users/current/')
    ).body;
    expect(me.accounts[0]?.credits).toBe(19);
    expect(me.usedCredits).toBe(1);
    const done = await standard.until<Project>(`/api/projects/${projectId}/`, (p) =>
      ['FINISHED', 'FAILED'].includes(p.status),
    );
    expect(done.status).toBe('FINISHED');
    expect(done.points[0]?.isComputed).toBe(true);
    const stats = (
      await standard.get<{ statId: string; code: string }[]>(`/api/projects/${projectId}/stats/`)
    ).body;
    for (const code of ['EPD', 'DR', 'WW', 'WD', 'EXT', 'TS'])
      expect(stats.map((s) => s.code)).toContain(code);
    const first = stats[0]!;
    const payload = await standard.get<{ kwargs: { statId: string } }>(
      `/api/projects/${projectId}/get_visu_data/?point=${done.points[0]!.id}&stats_id=${encodeURIComponent(first.statId)}`,
    );
    expect(payload.status).toBe(200);
    expect(payload.body.kwargs.statId).toBe(first.statId);
    // Computed points are done: nothing is left to compute.
    expect((await standard.put(`/api/projects/${projectId}/compute/`)).body).toEqual({
      nonFieldErrors: [projectMessages.nothingToCompute],
    });
  }, 200_000);

  it('refuses a compute the credits cannot pay, leaving the credits untouched', async () => {
    const offer = await offerNamed(demo, 'Pack 10 Demo');
    const projectId = (
      await demo.post<{ projectId: number }>('/api/projects/', {
        name: 'Too_expensive',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'North and Celtic Seas'),
        points: Array.from({ length: 10 }, (_, i) => ({ lat: 55 + i * 0.2, lng: 2 })),
      })
    ).body.projectId;
    await demo.put('/api/users/current/settings/', {
      showOverviewControl: true,
      dismissAllTutorials: false,
    });
    // Spend 5 of the 10 credits elsewhere first.
    const five = (
      await demo.post<{ projectId: number }>('/api/projects/', {
        name: 'Five_points',
        offerInstance: offer.id,
        zone: zoneIn(offer, 'North and Celtic Seas'),
        points: Array.from({ length: 5 }, (_, i) => ({ lat: 57 + i * 0.2, lng: 3 })),
      })
    ).body.projectId;
    expect((await demo.put(`/api/projects/${five}/compute/`)).status).toBe(200);
    await demo.put(`/api/projects/${five}/cancel/`);
    const before =
      (await demo.get<{ accounts: { credits: number }[] }>('/api/users/current/')).body.accounts[0]
        ?.credits ?? 0;
    const refused = await demo.put(`/api/projects/${projectId}/compute/`);
    if (before < 10)
      expect(refused.body).toMatchObject({
        nonFieldErrors: [projectMessages.insufficientCredits(10, before)],
      });
    const after = (await demo.get<{ accounts: { credits: number }[] }>('/api/users/current/')).body
      .accounts[0]?.credits;
    expect(after).toBe(before < 10 ? before : before - 10);
  }, 60_000);

  it('is refused to members', async () => {
    const list = (await manager.get<ProjectListItem[]>('/api/projects/')).body;
    const id = list[0]!.id;
    await manager.post(`/api/projects/${id}/update_collaborators/`, { collaborators: [] });
    expect((await member.put(`/api/projects/${id}/compute/`)).status).toBe(404);
  });
});
