// Usage analysis over HTTP (spec 002 §2 "Usage analysis (staff)", §3 Usage customer/user/offer, §6, §7):
// the counts the API answers are checked twice: by the change the test's own projects, points, reports,
// plannings, exports and visits make, and by counting every table row by row in JavaScript (brute force).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idMessage,
  USAGE_PAGE_SIZE,
  USAGE_PAGE_SIZE_MAX,
  usageMessages,
  usageOrderings,
  type Offer,
  type UsageCustomer,
  type UsageOffer,
  type UsagePage,
  type UsageUser,
} from '@metocean/contracts';
import { planningTemplate } from '@metocean/hindcast';
import {
  computations,
  customers,
  offerInstances,
  offerZones,
  offers,
  plannings,
  points,
  projects,
  reports,
  stat2dPurchases,
  users,
  zones,
} from '../../src/db/schema';
import { logExport } from '../../src/services/events';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let admin: Actor;
let manager: Actor;
let member: Actor;
let managerId = 0;
let customerId = 0;
let before: UsageCustomer;

const db = () => server.runtime.services.db;

async function customerUsage(id: number): Promise<UsageCustomer> {
  const answer = await admin.get<UsageCustomer>(`/api/usage/customers/${id}/`);
  expect(answer.status).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.as('admin');
  manager = await server.as('manager');
  member = await server.as('member');
  const me = (await manager.get<{ id: number; customerId: number }>('/api/users/current/')).body;
  managerId = me.id;
  customerId = me.customerId;
  before = await customerUsage(customerId);

  // Two projects of 3 and 5 points, a report draft and a planning on the first, two exports.
  const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) => o.name === 'On Demand')!;
  const zone = offer.zones.find((z) => z.name === 'South China Sea')!.id;
  const created: number[] = [];
  for (const [name, n] of [
    ['Usage_A', 3],
    ['Usage_B', 5],
  ] as const) {
    const answer = await manager.post<{ projectId: number }>('/api/projects/', {
      name,
      offerInstance: offer.id,
      zone,
      points: Array.from({ length: n }, (_, i) => ({ name: `${name}_P${i}`, lat: 15 + i / 10, lng: 110 })),
    });
    expect(answer.status).toBe(201);
    created.push(answer.body.projectId);
  }
  expect((await manager.post('/api/reports/', { projectId: created[0], name: 'Usage_report' })).status).toBe(
    201,
  );
  const planning = await manager.upload('/api/downtimes/', {
    file: { content: await planningTemplate(), fileName: 'plan.xlsx' },
    project: String(created[0]),
    settings: JSON.stringify({
      outputDir: 'Usage plan',
      percentiles: [50],
      envCoords: 'Planning!B2:I5',
      tasksCoords: 'Planning!B8:L16',
      locationAliases: { SITE: 'Usage_A_P0', PORT: 'Usage_A_P1' },
      formats: ['TOTAL_DURATION'],
    }),
  });
  expect(planning.status).toBe(201);
  // Exports are written where GET /api/projects/{id}/export/ serves them (exports/service.ts); computing a
  // point to export one takes minutes, so the test writes the same audit entries through the same function.
  const caller = { id: managerId, customerId, isStaff: true, isSuperuser: false, impersonatorId: null };
  for (const kind of ['EXCEL', 'EXCEL', 'NETCDF'] as const)
    await logExport(db(), caller, { kind, code: 'DR', projectId: created[0]!, pointId: 1, statId: 'DR_hs' });
  await logExport(db(), caller, {
    kind: 'MATLAB',
    code: 'EXT',
    projectId: created[1]!,
    pointId: 2,
    statId: 'EXT',
  });
  // A page view of the member, after every sign-in of the test: the customer's latest visit.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await member.post('/api/events/', { category: 'pageView', action: '/projects' })).status).toBe(204);
}, 120_000);
afterAll(() => server.stop());

/** Every row of a list: one page of the largest size (the tests hold fewer rows than that). */
async function everything<T>(kind: 'customers' | 'users' | 'offers'): Promise<{ body: T[] }> {
  const page = await admin.get<UsagePage<T>>(`/api/usage/${kind}/?page_size=${USAGE_PAGE_SIZE_MAX}`);
  expect(page.status).toBe(200);
  expect(page.body.next).toBeNull();
  expect(page.body.results).toHaveLength(page.body.count);
  return { body: page.body.results };
}

describe('who may read usage (spec 002 §6)', () => {
  const routes = [
    '/api/usage/customers/',
    '/api/usage/users/',
    '/api/usage/offers/',
    '/api/usage/customers/1/',
    '/api/usage/users/1/',
    '/api/usage/offers/1/',
  ];

  it('refuses a customer manager and a member with 403, an anonymous caller with 401', async () => {
    for (const route of routes) {
      expect(await manager.get(route)).toMatchObject({
        status: 403,
        body: { detail: 'You do not have permission to perform this action.' },
      });
      expect((await member.get(route)).status).toBe(403);
      expect((await server.anonymous.get(route)).status).toBe(401);
    }
  });

  it("lets the provider's staff in without the superuser flag, and not the provider's other users", async () => {
    const [me] = await db().select().from(users).where(eq(users.username, 'admin'));
    try {
      await db().update(users).set({ isSuperuser: false }).where(eq(users.id, me!.id));
      expect((await admin.get('/api/usage/offers/')).status).toBe(200);
      await db().update(users).set({ isStaff: false }).where(eq(users.id, me!.id));
      expect((await admin.get('/api/usage/offers/')).status).toBe(403);
    } finally {
      await db().update(users).set({ isStaff: true, isSuperuser: true }).where(eq(users.id, me!.id));
    }
  });

  it('validates ids as every route does, and answers 404 for an unknown one', async () => {
    for (const kind of ['customers', 'users', 'offers']) {
      expect((await admin.get(`/api/usage/${kind}/abc/`)).status).toBe(400);
      expect((await admin.get(`/api/usage/${kind}/0/`)).status).toBe(400);
      expect(await admin.get(`/api/usage/${kind}/2147483648/`)).toMatchObject({
        status: 400,
        body: { fieldErrors: { id: [idMessage] } },
      });
      expect(await admin.get(`/api/usage/${kind}/2147483647/`)).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
  });
});

describe('a customer', () => {
  it("counts the test's projects, points, report, planning and exports", async () => {
    const after = await customerUsage(customerId);
    expect(after.projectCount - before.projectCount).toBe(2);
    expect(after.points.length - before.points.length).toBe(8);
    expect(after.reportCount - before.reportCount).toBe(1);
    expect(after.downtimeCount - before.downtimeCount).toBe(1);
    expect(after.points.filter((p) => p.projectName === 'Usage_B').map((p) => p.name)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Usage_B_P${i}`),
    );
    const onDemand = (c: UsageCustomer) => c.offerInstances.find((i) => i.name === 'On Demand')!;
    expect(onDemand(after).projectCount - onDemand(before).projectCount).toBe(2);
    expect(onDemand(after).reportCount - onDemand(before).reportCount).toBe(1);
    expect(onDemand(after).downtimeCount - onDemand(before).downtimeCount).toBe(1);
    expect(before.exportDetails).toBeNull();
    expect(after.exportDetails?.data).toEqual({
      DR: { EXCEL: 2, MATLAB: 0, NETCDF: 1 },
      EXT: { EXCEL: 0, MATLAB: 1, NETCDF: 0 },
    });
    expect(Date.parse(after.exportDetails!.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.lastVisitBy).toBe('member');
    const manager_ = after.users.find((u) => u.username === 'manager')!;
    expect(manager_.projectCount - before.users.find((u) => u.username === 'manager')!.projectCount).toBe(2);
    expect(manager_.points.filter((p) => p.projectName.startsWith('Usage_'))).toHaveLength(8);
  });

  it('matches, for every customer, the rows counted one by one', async () => {
    const list = await everything<UsageCustomer>('customers');
    const [allCustomers, allProjects, allPoints, allReports, allPlannings, allUsers, instances, spent, maps] =
      await Promise.all([
        db().select().from(customers),
        db().select().from(projects),
        db().select().from(points),
        db().select().from(reports),
        db().select().from(plannings),
        db().select().from(users),
        db().select().from(offerInstances),
        db().select().from(computations),
        db().select().from(stat2dPurchases),
      ]);
    expect(list.body.map((c) => c.name)).toEqual(
      allCustomers.map((c) => c.name).sort((a, b) => a.localeCompare(b)),
    );
    const projectOf = new Map(allProjects.map((p) => [p.id, p]));
    const now = Date.now();
    for (const usage of list.body) {
      const own = allProjects.filter((p) => p.customerId === usage.id);
      const ownIds = new Set(own.map((p) => p.id));
      const ownInstances = instances.filter((i) => i.customerId === usage.id);
      expect(usage.projectCount, usage.name).toBe(own.length);
      expect(usage.points.length, usage.name).toBe(allPoints.filter((p) => ownIds.has(p.projectId)).length);
      expect(usage.reportCount, usage.name).toBe(allReports.filter((r) => ownIds.has(r.projectId)).length);
      expect(usage.downtimeCount, usage.name).toBe(
        allPlannings.filter((p) => ownIds.has(p.projectId)).length,
      );
      expect(usage.activeUser, usage.name).toBe(
        allUsers.filter((u) => u.customerId === usage.id && u.isActive).length,
      );
      expect(usage.activeOffer, usage.name).toBe(
        ownInstances.filter((i) => i.offerEnd.getTime() > now).length,
      );
      expect(usage.creditCount, usage.name).toBe(
        spent.filter((c) => ownIds.has(c.projectId)).reduce((s, c) => s + c.credits, 0) +
          maps.filter((m) => m.customerId === usage.id).reduce((s, m) => s + m.credits, 0),
      );
      expect(usage.users.map((u) => u.username).sort()).toEqual(
        allUsers
          .filter((u) => u.customerId === usage.id)
          .map((u) => u.username)
          .sort(),
      );
      expect(usage.offerInstances).toHaveLength(ownInstances.length);
      for (const instance of usage.offerInstances) {
        const row = ownInstances.find(
          (i) => i.offerId === instance.offer && i.offerEnd.toISOString() === instance.offerEnd,
        )!;
        const ofInstance = (projectId: number) => projectOf.get(projectId)?.offerInstanceId === row.id;
        expect(instance.projectCount).toBe(own.filter((p) => p.offerInstanceId === row.id).length);
        expect(instance.reportCount).toBe(allReports.filter((r) => ofInstance(r.projectId)).length);
        expect(instance.downtimeCount).toBe(allPlannings.filter((p) => ofInstance(p.projectId)).length);
      }
      const ends = ownInstances.map((i) => i.offerEnd.getTime());
      expect(usage.subscriptionEnd).toBe(ends.length > 0 ? new Date(Math.max(...ends)).toISOString() : null);
      // Only the test's customer exported anything.
      if (usage.id !== customerId) expect(usage.exportDetails, usage.name).toBeNull();
    }
  });
});

describe('users', () => {
  it('lists every user with counts of what they made, and one user alone', async () => {
    const list = await everything<UsageUser>('users');
    const [allUsers, allProjects, allPoints, allReports, allPlannings] = await Promise.all([
      db().select().from(users),
      db().select().from(projects),
      db().select().from(points),
      db().select().from(reports),
      db().select().from(plannings),
    ]);
    expect(list.body).toHaveLength(allUsers.length);
    for (const usage of list.body) {
      const row = allUsers.find((u) => u.id === usage.id)!;
      const made = new Set(allProjects.filter((p) => p.createdById === usage.id).map((p) => p.id));
      expect(usage).toMatchObject({
        username: row.username,
        email: row.email,
        lastLogin: row.lastLoginAt?.toISOString() ?? null,
        projectCount: made.size,
        reportCount: allReports.filter((r) => r.userId === usage.id).length,
        downtimeCount: allPlannings.filter((p) => p.userId === usage.id).length,
      });
      expect(usage.points.map((p) => p.id)).toEqual(
        allPoints
          .filter((p) => made.has(p.projectId))
          .map((p) => p.id)
          .sort((a, b) => a - b),
      );
    }
    const one = await admin.get<UsageUser>(`/api/usage/users/${managerId}/`);
    expect(one.body).toEqual(list.body.find((u) => u.id === managerId));
    expect(one.body.lastLogin).not.toBeNull();
  });
});

describe('offers', () => {
  it('lists every offer with its flags, its customers and its zones', async () => {
    const list = await everything<UsageOffer>('offers');
    const [allOffers, links, allZones, instances, allCustomers] = await Promise.all([
      db().select().from(offers),
      db().select().from(offerZones),
      db().select().from(zones),
      db().select().from(offerInstances),
      db().select().from(customers),
    ]);
    expect(list.body).toHaveLength(allOffers.length);
    for (const usage of list.body) {
      const row = allOffers.find((o) => o.id === usage.id)!;
      expect(usage).toMatchObject({
        name: row.name,
        canRunDowntime: row.canDowntime,
        canBuildReport: row.canReport,
        hasMaps: row.hasMaps,
        isUnlimited: row.isUnlimited,
        projectTemplate: row.isMcDashboard ? 'dashboard' : row.isTrial ? 'light' : 'offer',
      });
      expect(usage.zones.map((z) => z.name).sort()).toEqual(
        links
          .filter((l) => l.offerId === row.id)
          .map((l) => allZones.find((z) => z.id === l.zoneId)!.name)
          .sort(),
      );
      const holders = new Set(instances.filter((i) => i.offerId === row.id).map((i) => i.customerId));
      expect(usage.customers.map((c) => c.name).sort()).toEqual(
        allCustomers
          .filter((c) => holders.has(c.id))
          .map((c) => c.name)
          .sort(),
      );
    }
    const onDemand = list.body.find((o) => o.name === 'On Demand')!;
    expect(onDemand.customers.map((c) => c.name)).toContain('Demo Offshore Ltd');
    expect((await admin.get<UsageOffer>(`/api/usage/offers/${onDemand.id}/`)).body).toEqual(onDemand);
  });
});

describe('paging (the spec is silent: page, page_size, ordering; count, next, previous, results)', () => {
  it('cuts a list into pages that join into the whole, in the ordering asked for', async () => {
    const whole = (await everything<UsageUser>('users')).body;
    expect(whole.length).toBeGreaterThan(4);
    const first = await admin.get<UsagePage<UsageUser>>('/api/usage/users/?page_size=3&ordering=-projects');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(whole.length);
    expect(first.body.results).toHaveLength(3);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('/api/usage/users/?page=2&page_size=3&ordering=-projects');
    // following next to the end gives every user once, most projects first (ties in username order)
    const seen = [...first.body.results];
    let next = first.body.next;
    while (next) {
      const page = await admin.get<UsagePage<UsageUser>>(next);
      expect(page.status).toBe(200);
      expect(page.body.previous).not.toBeNull();
      seen.push(...page.body.results);
      next = page.body.next;
    }
    expect(seen.map((u) => u.id).sort((a, b) => a - b)).toEqual(whole.map((u) => u.id).sort((a, b) => a - b));
    const counts = seen.map((u) => u.projectCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // the default page size and order: the first 25, by username
    const plain = await admin.get<UsagePage<UsageUser>>('/api/usage/users/');
    expect(plain.body.results.map((u) => u.id)).toEqual(whole.slice(0, USAGE_PAGE_SIZE).map((u) => u.id));
  });

  it('sorts empty values last either way, and dates as dates', async () => {
    for (const ordering of ['lastVisit', '-lastVisit']) {
      const page = await admin.get<UsagePage<UsageCustomer>>(
        `/api/usage/customers/?page_size=${USAGE_PAGE_SIZE_MAX}&ordering=${ordering}`,
      );
      const visits = page.body.results.map((c) => c.lastVisit);
      const dated = visits.filter((v): v is string => v !== null);
      expect(visits.slice(dated.length).every((v) => v === null)).toBe(true);
      const times = dated.map((v) => Date.parse(v));
      const ascending = [...times].sort((a, b) => a - b);
      expect(times).toEqual(ordering.startsWith('-') ? ascending.reverse() : ascending);
    }
  });

  it('refuses an unknown ordering, a bad page or size, and answers 404 past the last page', async () => {
    const unknown = await admin.get('/api/usage/offers/?ordering=price');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      fieldErrors: { ordering: [usageMessages.ordering(Object.keys(usageOrderings.offers))] },
    });
    for (const query of [
      'page=0',
      'page=x',
      'page_size=0',
      `page_size=${USAGE_PAGE_SIZE_MAX + 1}`,
      'ordering=a;b',
    ]) {
      expect((await admin.get(`/api/usage/customers/?${query}`)).status, query).toBe(400);
    }
    expect(await admin.get('/api/usage/offers/?page=999')).toMatchObject({
      status: 404,
      body: { detail: usageMessages.page },
    });
  });
});
