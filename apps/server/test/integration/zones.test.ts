import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noMatchingZone, type Offer, type Zone } from '@metocean/contracts';
import { startTestServer, type TestServer } from '../harness';

let server: TestServer;
const tokens: Record<string, string> = {};
const offersOf = async (who: string) =>
  (await server.request<Offer[]>('GET', '/api/offers/', { token: tokens[who] })).body;

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['admin', 'manager', 'trial', 'standard', 'expired'])
    tokens[who] = (await server.login(who)).accessToken;
});
afterAll(() => server.stop());

describe('GET /api/offers/', () => {
  it("lists the account's offer instances with the spec's flags", async () => {
    const offers = await offersOf('manager');
    expect(offers.map((offer) => offer.name)).toEqual([
      'On Demand',
      'Full Study Unlimited',
      'Marine Contractors Dashboard',
    ]);
    expect(offers[1]).toMatchObject({
      isUnlimited: true,
      hasMaps: true,
      canBuildReport: true,
      canDownloadStats: true,
      expired: false,
    });
    expect(offers[2]).toMatchObject({ isMcDashboard: true });
    // Each instance carries the credits its offer grants.
    expect(offers.map((offer) => offer.credits)).toEqual([40, 0, 0]);
    const standard = await offersOf('standard');
    expect(standard[0]).toMatchObject({ name: 'Standard Access', canDownloadStats: false });
  });

  it('marks an ended offer as expired', async () => {
    const [offer] = await offersOf('expired');
    expect(offer?.expired).toBe(true);
  });
});

describe('zones', () => {
  it("lists only the zones of the caller's offers", async () => {
    const trial = await server.request<Zone[]>('GET', '/api/zones/', { token: tokens.trial });
    expect(trial.body.map((zone) => zone.name)).toEqual(['Bay of Biscay']);
    expect(trial.body[0]).toMatchObject({ isDemo: true, geom: { type: 'Polygon' } });
    const all = await server.request<Zone[]>('GET', '/api/zones/', { token: tokens.admin });
    expect(all.body).toHaveLength(7);
  });

  it('hides a zone outside the offers', async () => {
    const all = await server.request<Zone[]>('GET', '/api/zones/', { token: tokens.admin });
    const scs = all.body.find((zone) => zone.name === 'South China Sea');
    expect((await server.request('GET', `/api/zones/${scs?.id}/`, { token: tokens.trial })).status).toBe(404);
    const seen = await server.request<Zone>('GET', `/api/zones/${scs?.id}/`, { token: tokens.manager });
    expect(seen.body.bounds.northEast.lat).toBeGreaterThan(15.51);
  });
});

describe('zone datasets', () => {
  it('lists the real record first, then the synthetic hindcast, for the dataset dialog', async () => {
    const all = await server.request<Zone[]>('GET', '/api/zones/', { token: tokens.admin });
    const scs = all.body.find((zone) => zone.name === 'South China Sea');
    const [era5, synthetic] = scs?.datasets ?? [];
    // The ERA5 record of shared/data: 2000-01-01 00:00 to 2010-12-31 23:00, hourly, Hs/Tp/direction.
    expect(era5).toMatchObject({
      kind: 'regional',
      synthetic: false,
      name: 'ERA5 South China Sea (point 15.51 N 109.94 E)',
      // the attribution its licence asks for, shown in the catalogue
      citation: 'Contains modified Copernicus Climate Change Service information 2000–2010',
    });
    expect(era5?.dimensions).toHaveLength(1);
    expect(era5?.dimensions[0]).toMatchObject({
      kind: 'wave',
      timeStep: 3600,
      dateBegin: '2000-01-01T00:00:00.000Z',
      dateEnd: '2010-12-31T23:00:00.000Z',
    });
    expect(era5?.dimensions[0]?.variables).toEqual(expect.arrayContaining(['hs', 'tp']));
    expect(synthetic?.synthetic).toBe(true);
    expect(synthetic?.citation).toBe('');
    expect(synthetic?.notes).toContain('synthetic demo data — not for engineering use');
    // once: the generator's notes already start with it (the catalogue printed it twice)
    expect(synthetic?.notes.split('not for engineering use')).toHaveLength(2);
    const world = all.body.find((zone) => zone.name === 'World');
    expect(world?.datasets.map((d) => d.kind)).toEqual(['global']);
  });
});

describe('POST /api/offers/{id}/get_matching_zones/', () => {
  const around = (lat: number, lon: number) => ({
    bounds: { northEast: { lat, lon }, southWest: { lat, lon } },
    points: [{ lat, lng: lon }],
  });

  it('returns regional zones before the worldwide one', async () => {
    const [onDemand] = await offersOf('manager');
    const answer = await server.request<Zone[]>('POST', `/api/offers/${onDemand?.id}/get_matching_zones/`, {
      token: tokens.manager,
      body: around(53.324, 1.32),
    });
    expect(answer.body.map((zone) => zone.name)).toEqual([
      'North and Celtic Seas',
      'Southern North Sea',
      'World',
    ]);
  });

  it('requires every point inside the zone', async () => {
    const [onDemand] = await offersOf('manager');
    const answer = await server.request<Zone[]>('POST', `/api/offers/${onDemand?.id}/get_matching_zones/`, {
      token: tokens.manager,
      body: {
        bounds: { northEast: { lat: 53.324, lon: 1.32 }, southWest: { lat: 45, lon: -5 } },
        points: [
          { lat: 53.324, lng: 1.32 },
          { lat: 45, lng: -5 },
        ],
      },
    });
    expect(answer.body.map((zone) => zone.name)).toEqual(['World']);
  });

  it("says so when no zone of the offer matches, with the spec's message", async () => {
    const [trial] = await offersOf('trial');
    const answer = await server.request('POST', `/api/offers/${trial?.id}/get_matching_zones/`, {
      token: tokens.trial,
      body: around(15.51, 109.94),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ nonFieldErrors: [noMatchingZone] });
  });

  it("refuses another customer's offer and malformed bounds", async () => {
    const [onDemand] = await offersOf('manager');
    expect(
      (
        await server.request('POST', `/api/offers/${onDemand?.id}/get_matching_zones/`, {
          token: tokens.trial,
          body: around(45, -5),
        })
      ).status,
    ).toBe(404);
    const bad = await server.request('POST', `/api/offers/${onDemand?.id}/get_matching_zones/`, {
      token: tokens.manager,
      body: { bounds: { northEast: { lat: 95, lon: 0 }, southWest: { lat: 0, lon: 0 } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      fieldErrors: { 'bounds.northEast.lat': ["Value shouldn't be longer than 90"] },
    });
  });
});
