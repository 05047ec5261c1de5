// Usage analysis (spec 002 §2 "Usage analysis (staff)", §3 Usage customer, user and offer, §7 /api/usage/):
// counts aggregated in SQL from the tables the application writes (projects, reports, plannings, points,
// computations and maps bought, offer instances, users' sign-ins, page views, the audit trail's exports).
// Every call goes through requireUsageAnalyst first: superusers and the provider's staff only.
import { asc, count, eq, sum, type SQL } from 'drizzle-orm';
import {
  EXPORT_KINDS,
  sortedRows,
  usageMessages,
  usageOrderings,
  type ExportCounts,
  type ExportDetails,
  type UsageCustomer,
  type UsageOffer,
  type UsageListQuery,
  type UsageOfferInstance,
  type UsagePage,
  type UsagePoint,
  type UsageUser,
  type SortValue,
} from '@metocean/contracts';
import {
  computations,
  customers,
  offerInstances,
  offers,
  offerZones,
  plannings,
  points,
  projects,
  reportComments,
  reports,
  stat2dPurchases,
  users,
  zones,
} from '../db/schema';
import type { Db } from '../db/client';
import { fieldError, HttpError, notFound } from '../http/errors';
import type { Caller, Services } from './context';
import { exportTallies, lastPageViews } from './events';
import { requireUsageAnalyst } from './project-access';
import { isExpired } from './zones';

/**
 * One page of a usage list, in the ordering asked for (a column key, '-' first for descending; by default
 * the list's own order: names), with the paths of the pages around it. The counts are computed for every row
 * (an ordering may be by any of them), then the page is cut: what leaves the server is one page.
 */
export function pageOf<T>(
  rows: T[],
  query: UsageListQuery,
  path: string,
  orderings: Record<string, (row: T) => SortValue>,
): UsagePage<T> {
  let ordered = rows;
  if (query.ordering) {
    const key = query.ordering.replace(/^-/, '');
    const value = orderings[key];
    if (!value) throw fieldError('ordering', usageMessages.ordering(Object.keys(orderings)));
    ordered = sortedRows(rows, value, query.ordering.startsWith('-') ? 'desc' : 'asc');
  }
  const size = query.page_size;
  const last = Math.max(1, Math.ceil(ordered.length / size));
  if (query.page > last) throw new HttpError(404, { detail: usageMessages.page });
  const link = (page: number) => {
    const params = new URLSearchParams({ page: String(page), page_size: String(size) });
    if (query.ordering) params.set('ordering', query.ordering);
    return `${path}?${params.toString()}`;
  };
  return {
    count: ordered.length,
    next: query.page < last ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
    results: ordered.slice((query.page - 1) * size, query.page * size),
  };
}

/** A count (or credit sum) of one customer, by the user who made it and the offer instance it used. */
interface Tally {
  customerId: number;
  userId: number | null;
  instanceId: number | null;
  n: number;
}

interface Tallies {
  projects: Tally[];
  reports: Tally[];
  downtimes: Tally[];
  credits: Tally[];
}

const total = (rows: Tally[], keep: (row: Tally) => boolean) =>
  rows.reduce((sumOfRows, row) => (keep(row) ? sumOfRows + row.n : sumOfRows), 0);

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

async function tallies(db: Db): Promise<Tallies> {
  const byProject = {
    customerId: projects.customerId,
    instanceId: projects.offerInstanceId,
  };
  const [projectRows, reportRows, downtimeRows, computed, maps] = await Promise.all([
    db
      .select({ ...byProject, userId: projects.createdById, n: count() })
      .from(projects)
      .groupBy(projects.customerId, projects.offerInstanceId, projects.createdById),
    db
      .select({ ...byProject, userId: reports.userId, n: count() })
      .from(reports)
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .groupBy(projects.customerId, projects.offerInstanceId, reports.userId),
    db
      .select({ ...byProject, userId: plannings.userId, n: count() })
      .from(plannings)
      .innerJoin(projects, eq(projects.id, plannings.projectId))
      .groupBy(projects.customerId, projects.offerInstanceId, plannings.userId),
    db
      .select({ ...byProject, userId: computations.spentById, n: sum(computations.credits).mapWith(Number) })
      .from(computations)
      .innerJoin(projects, eq(projects.id, computations.projectId))
      .groupBy(projects.customerId, projects.offerInstanceId, computations.spentById),
    db
      .select({
        customerId: stat2dPurchases.customerId,
        instanceId: stat2dPurchases.offerInstanceId,
        userId: stat2dPurchases.boughtBy,
        n: sum(stat2dPurchases.credits).mapWith(Number),
      })
      .from(stat2dPurchases)
      .groupBy(stat2dPurchases.customerId, stat2dPurchases.offerInstanceId, stat2dPurchases.boughtBy),
  ]);
  return {
    projects: projectRows,
    reports: reportRows,
    downtimes: downtimeRows,
    credits: [...computed, ...maps],
  };
}

/**
 * One user's plannings (AWD computations), reports and report comments, counted as the usage analysis
 * counts them (by their author): the profile reads these, so both pages say the same (issue 30). Fields of a
 * select (scalar subqueries), so the profile reads them in the statement that reads the user.
 */
export function activityCounts(db: Db, userId: number) {
  return {
    downtimes: db.$count(plannings, eq(plannings.userId, userId)),
    reports: db.$count(reports, eq(reports.userId, userId)),
    comments: db.$count(reportComments, eq(reportComments.userId, userId)),
  };
}

type PointRow = UsagePoint & { customerId: number; createdById: number | null };

function pointRows(db: Db, where?: SQL): Promise<PointRow[]> {
  return db
    .select({
      id: points.id,
      name: points.name,
      lat: points.lat,
      lng: points.lng,
      projectId: projects.id,
      projectName: projects.name,
      customerId: projects.customerId,
      createdById: projects.createdById,
    })
    .from(points)
    .innerJoin(projects, eq(projects.id, points.projectId))
    .where(where)
    .orderBy(asc(points.id));
}

const presentPoint = ({ id, name, lat, lng, projectId, projectName }: PointRow): UsagePoint => ({
  id,
  name,
  lat,
  lng,
  projectId,
  projectName,
});

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'customerId' | 'username' | 'firstName' | 'lastName' | 'email' | 'lastLoginAt'
>;

const userColumns = {
  id: users.id,
  customerId: users.customerId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  lastLoginAt: users.lastLoginAt,
  isActive: users.isActive,
};

function presentUser(user: UserRow, counts: Tallies, pointsOfUser: PointRow[]): UsageUser {
  const mine = (row: Tally) => row.userId === user.id;
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    lastLogin: iso(user.lastLoginAt),
    projectCount: total(counts.projects, mine),
    reportCount: total(counts.reports, mine),
    downtimeCount: total(counts.downtimes, mine),
    points: pointsOfUser.map(presentPoint),
  };
}

const byKey = <T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

/** The users the caller asks for (one or all), with their counts and the points of their projects. */
async function usageUsers(db: Db, where: SQL | undefined): Promise<(UsageUser & { customerId: number })[]> {
  const [rows, counts, pointList] = await Promise.all([
    db.select(userColumns).from(users).where(where).orderBy(asc(users.username)),
    tallies(db),
    pointRows(db),
  ]);
  const pointsByCreator = byKey(pointList, (p) => p.createdById);
  return rows.map((user) => ({
    ...presentUser(user, counts, pointsByCreator.get(user.id) ?? []),
    customerId: user.customerId,
  }));
}

export async function listUsers(
  services: Services,
  caller: Caller,
  query: UsageListQuery,
  path: string,
): Promise<UsagePage<UsageUser>> {
  await requireUsageAnalyst(services.db, caller);
  const rows = (await usageUsers(services.db, undefined)).map(({ customerId: _, ...user }) => user);
  return pageOf(rows, query, path, usageOrderings.users);
}

export async function getUser(services: Services, caller: Caller, id: number): Promise<UsageUser> {
  await requireUsageAnalyst(services.db, caller);
  const [found] = await usageUsers(services.db, eq(users.id, id));
  if (!found) throw notFound();
  const { customerId: _, ...user } = found;
  return user;
}

function exportDetailsOf(
  rows: Awaited<ReturnType<typeof exportTallies>>,
  generatedAt: Date,
): ExportDetails | null {
  if (rows.length === 0) return null;
  const data: Record<string, ExportCounts> = {};
  for (const row of rows) {
    const counts = (data[row.code] ??= Object.fromEntries(EXPORT_KINDS.map((k) => [k, 0])) as ExportCounts);
    counts[row.kind] += row.n;
  }
  return { data, generatedAt: generatedAt.toISOString() };
}

async function usageCustomers(db: Db, where: SQL | undefined): Promise<UsageCustomer[]> {
  const now = new Date();
  const [rows, counts, instances, people, pointList, visits, exported] = await Promise.all([
    db.select().from(customers).where(where).orderBy(asc(customers.name)),
    tallies(db),
    db
      .select({
        id: offerInstances.id,
        customerId: offerInstances.customerId,
        offer: offers.id,
        name: offers.name,
        description: offers.description,
        offerEnd: offerInstances.offerEnd,
      })
      .from(offerInstances)
      .innerJoin(offers, eq(offers.id, offerInstances.offerId))
      .orderBy(asc(offerInstances.offerEnd), asc(offerInstances.id)),
    db.select(userColumns).from(users).orderBy(asc(users.username)),
    pointRows(db),
    lastPageViews(db),
    exportTallies(db),
  ]);
  const instancesOf = byKey(instances, (i) => i.customerId);
  const peopleOf = byKey(people, (u) => u.customerId);
  const pointsOf = byKey(pointList, (p) => p.customerId);
  const pointsByCreator = byKey(pointList, (p) => p.createdById);
  const exportsOf = byKey(exported, (e) => e.customerId);
  return rows.map((customer) => {
    const theirs = (row: Tally) => row.customerId === customer.id;
    const own = instancesOf.get(customer.id) ?? [];
    const team = peopleOf.get(customer.id) ?? [];
    // A visit is a sign-in or a page view, whichever came last.
    const seen = team
      .map((user) => {
        const times = [user.lastLoginAt, visits.get(user.id)].filter((d): d is Date => d instanceof Date);
        return { user, at: times.length > 0 ? new Date(Math.max(...times.map((d) => d.getTime()))) : null };
      })
      .filter((entry): entry is { user: (typeof team)[number]; at: Date } => entry.at !== null)
      .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    const offerInstanceRows: UsageOfferInstance[] = own.map((instance) => {
      const ofInstance = (row: Tally) => row.instanceId === instance.id;
      return {
        offer: instance.offer,
        name: instance.name,
        description: instance.description,
        projectCount: total(counts.projects, ofInstance),
        creditCount: total(counts.credits, ofInstance),
        reportCount: total(counts.reports, ofInstance),
        downtimeCount: total(counts.downtimes, ofInstance),
        offerEnd: instance.offerEnd.toISOString(),
      };
    });
    const latestEnd = own.reduce<Date | null>(
      (latest, i) => (latest === null || i.offerEnd > latest ? i.offerEnd : latest),
      null,
    );
    return {
      id: customer.id,
      name: customer.name,
      projectCount: total(counts.projects, theirs),
      reportCount: total(counts.reports, theirs),
      downtimeCount: total(counts.downtimes, theirs),
      activeUser: team.filter((user) => user.isActive).length,
      activeOffer: own.filter((instance) => !isExpired(instance.offerEnd, now)).length,
      subscriptionEnd: iso(latestEnd),
      lastVisit: iso(seen?.at),
      lastVisitBy: seen?.user.username ?? null,
      creditCount: total(counts.credits, theirs),
      offerInstances: offerInstanceRows,
      users: team.map((user) => presentUser(user, counts, pointsByCreator.get(user.id) ?? [])),
      points: (pointsOf.get(customer.id) ?? []).map(presentPoint),
      exportDetails: exportDetailsOf(exportsOf.get(customer.id) ?? [], now),
    };
  });
}

export async function listCustomers(
  services: Services,
  caller: Caller,
  query: UsageListQuery,
  path: string,
): Promise<UsagePage<UsageCustomer>> {
  await requireUsageAnalyst(services.db, caller);
  return pageOf(await usageCustomers(services.db, undefined), query, path, usageOrderings.customers);
}

export async function getCustomer(services: Services, caller: Caller, id: number): Promise<UsageCustomer> {
  await requireUsageAnalyst(services.db, caller);
  const [customer] = await usageCustomers(services.db, eq(customers.id, id));
  if (!customer) throw notFound();
  return customer;
}

async function usageOffers(db: Db, where: SQL | undefined): Promise<UsageOffer[]> {
  const [rows, zoneRows, holders] = await Promise.all([
    db.select().from(offers).where(where).orderBy(asc(offers.name)),
    db
      .select({
        offerId: offerZones.offerId,
        name: zones.name,
        isActive: zones.isActive,
        isDemo: zones.isDemo,
        isPrivate: zones.isPrivate,
        isWorld: zones.isWorld,
      })
      .from(offerZones)
      .innerJoin(zones, eq(zones.id, offerZones.zoneId))
      .orderBy(asc(zones.name)),
    db
      .selectDistinct({ offerId: offerInstances.offerId, id: customers.id, name: customers.name })
      .from(offerInstances)
      .innerJoin(customers, eq(customers.id, offerInstances.customerId))
      .orderBy(asc(offerInstances.offerId), asc(customers.name), asc(customers.id)),
  ]);
  const zonesOf = byKey(zoneRows, (z) => z.offerId);
  const holdersOf = byKey(holders, (h) => h.offerId);
  return rows.map((offer) => ({
    id: offer.id,
    name: offer.name,
    description: offer.description,
    // What the offer's projects are outside demo zones (projects.ts createProject).
    projectTemplate: offer.isMcDashboard ? 'dashboard' : offer.isTrial ? 'light' : 'offer',
    canRunDowntime: offer.canDowntime,
    canBuildReport: offer.canReport,
    hasMaps: offer.hasMaps,
    isUnlimited: offer.isUnlimited,
    customers: (holdersOf.get(offer.id) ?? []).map(({ id, name }) => ({ id, name })),
    zones: (zonesOf.get(offer.id) ?? []).map(({ offerId: _, ...zone }) => zone),
  }));
}

export async function listOffers(
  services: Services,
  caller: Caller,
  query: UsageListQuery,
  path: string,
): Promise<UsagePage<UsageOffer>> {
  await requireUsageAnalyst(services.db, caller);
  return pageOf(await usageOffers(services.db, undefined), query, path, usageOrderings.offers);
}

export async function getOffer(services: Services, caller: Caller, id: number): Promise<UsageOffer> {
  await requireUsageAnalyst(services.db, caller);
  const [offer] = await usageOffers(services.db, eq(offers.id, id));
  if (!offer) throw notFound();
  return offer;
}
