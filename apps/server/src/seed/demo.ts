// The demo installation: a provider with a superuser, customers on each kind of offer, zones, changelog and
// help pages. Idempotent: running it again (`npm run seed`) puts every demo row back to its demo state.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  changelogReleases,
  customers,
  flatPages,
  offerInstances,
  offerInstanceZones,
  offers,
  offerZones,
  users,
  zones,
} from '../db/schema';
import { hashPassword } from '../services/passwords';
import { removeReportFiles } from '../services/reports';
import { changelogSeed, flatPageSeeds } from './content';
import { insertDemoProjects, removeDemoProjects, type DemoProjectSeed } from './demo-projects';
import { zoneGeometry, zoneSeeds } from './zones';

type OfferRow = typeof offers.$inferInsert;
const DAY = 86_400_000;
const everyZone = zoneSeeds.map((zone) => zone.name);

const offerSeeds: (OfferRow & { name: string; zones: string[] })[] = [
  {
    name: 'Free Trial',
    description: 'Discover the statistics of one point in the demo zone.',
    packName: 'Free Trial',
    durationDays: 30,
    credits: 0,
    nbProjects: 1,
    nbAuthPoints: 1,
    isTrial: true,
    zones: ['Bay of Biscay'],
  },
  {
    name: 'On Demand',
    description: 'Pay per point with credits, in every zone.',
    packName: 'On Demand',
    credits: 40,
    canReport: true,
    canDownload: true,
    canDowntime: true,
    zones: everyZone,
  },
  {
    name: 'Pack 10 Demo',
    description: 'Ten points, reports and the advanced weather downtime tool, with a free demo project.',
    packName: 'Pack 10 Demo',
    credits: 10,
    nbAuthPoints: 10,
    canReport: true,
    canDowntime: true,
    canDownload: true,
    zones: ['North and Celtic Seas', 'Bay of Biscay'],
  },
  {
    name: 'Standard Access',
    description: 'Statistics and reports on screen; contact us to download the statistics.',
    packName: 'Standard Access',
    credits: 20,
    canReport: true,
    zones: ['World', 'Southern North Sea', 'Bay of Biscay'],
  },
  {
    name: 'Full Study Unlimited',
    description: 'Unlimited full studies in every zone, with maps, reports, downtime and downloads.',
    packName: 'Full Study Unlimited',
    isUnlimited: true,
    hasUnlimitedFullStudy: true,
    hasMaps: true,
    canReport: true,
    canDowntime: true,
    canDownload: true,
    zones: everyZone,
  },
  {
    name: 'Marine Contractors Dashboard',
    description: 'Plan vessel operations against the weather with the marine-contractors wizard.',
    packName: 'Marine Contractors Dashboard',
    isMcDashboard: true,
    isUnlimited: true,
    canDowntime: true,
    canReport: true,
    zones: ['North and Celtic Seas', 'Southern North Sea'],
  },
];

interface CustomerSeed {
  name: string;
  isProvider?: boolean;
  credits: number;
  /** Offer name and the instance's [start, end] offsets from now, in days. */
  offers: { offer: string; startDays: number; endDays: number }[];
  users: {
    username: string;
    firstName: string;
    lastName: string;
    isStaff?: boolean;
    isSuperuser?: boolean;
    pending?: boolean;
  }[];
  /** Projects owned by the first manager. */
  projects?: DemoProjectSeed[];
}

const customerSeeds: CustomerSeed[] = [
  {
    name: 'Metocean Studio',
    isProvider: true,
    credits: 0,
    offers: [],
    users: [{ username: 'admin', firstName: 'Ada', lastName: 'Admin', isStaff: true, isSuperuser: true }],
  },
  {
    name: 'Demo Offshore Ltd',
    credits: 40,
    offers: [
      { offer: 'On Demand', startDays: -60, endDays: 305 },
      { offer: 'Full Study Unlimited', startDays: -60, endDays: 305 },
      { offer: 'Marine Contractors Dashboard', startDays: -60, endDays: 305 },
    ],
    users: [
      { username: 'manager', firstName: 'Morgan', lastName: 'Manager', isStaff: true },
      { username: 'member', firstName: 'Mel', lastName: 'Member' },
      { username: 'invitee', firstName: '', lastName: '', pending: true },
    ],
  },
  {
    name: 'Trial Marine',
    credits: 0,
    offers: [{ offer: 'Free Trial', startDays: -1, endDays: 29 }],
    users: [{ username: 'trial', firstName: 'Tess', lastName: 'Trial', isStaff: true }],
  },
  {
    name: 'Pack Demo Co',
    credits: 10,
    offers: [{ offer: 'Pack 10 Demo', startDays: -10, endDays: 355 }],
    users: [{ username: 'demo', firstName: 'Dana', lastName: 'Demo', isStaff: true }],
  },
  {
    name: 'Standard Harbour',
    credits: 20,
    offers: [{ offer: 'Standard Access', startDays: -30, endDays: 335 }],
    users: [{ username: 'standard', firstName: 'Stan', lastName: 'Standard', isStaff: true }],
  },
  {
    name: 'Expired Shipping',
    credits: 40,
    offers: [{ offer: 'On Demand', startDays: -400, endDays: -35 }],
    users: [{ username: 'expired', firstName: 'Eli', lastName: 'Expired', isStaff: true }],
  },
  {
    // Renewed on another offer: last season's project stays, read-only, under the offer that ended.
    name: 'Renewal Marine',
    credits: 50,
    offers: [
      { offer: 'On Demand', startDays: -400, endDays: -35 },
      { offer: 'Pack 10 Demo', startDays: -35, endDays: 330 },
    ],
    users: [{ username: 'renewed', firstName: 'Rene', lastName: 'Renewed', isStaff: true }],
    projects: [
      {
        name: 'Cable_lay_2025',
        offer: 'On Demand',
        zone: 'South China Sea',
        points: [
          { name: 'Offshore_site', lat: 15.51, lng: 109.94 },
          { name: 'Port_approach', lat: 15.6, lng: 109.9 },
        ],
        plannings: [
          { name: 'Cable lay campaign', locationAliases: { SITE: 'Offshore_site', PORT: 'Port_approach' } },
        ],
      },
    ],
  },
];

export const demoUsernames = customerSeeds.flatMap((c) =>
  c.users.filter((u) => !u.pending).map((u) => u.username),
);

/**
 * The demo users' password: DEMO_PASSWORD when set; otherwise a random one, kept under DATA_DIR so a
 * restart prints the same logins. Never a fixed value.
 */
export function demoPassword(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'demo-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = `Demo-${randomBytes(9).toString('base64url')}7`;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

export async function hasBeenSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).limit(1);
  return row !== undefined;
}

/**
 * Seeds the demo; answers the ids of the demo plannings, for `computeDemoPlannings` once datasets exist. The
 * demo projects it makes again lose their report PDFs from `dataDir` once the new state is committed.
 */
export async function seedDemo(
  db: Db,
  password: string,
  { dataDir, now = new Date() }: { dataDir: string; now?: Date },
): Promise<{ plannings: number[] }> {
  const passwordHash = await hashPassword(password);
  const demoPlannings: number[] = [];
  const oldReportFiles: string[] = [];
  await db.transaction(async (tx) => {
    const zoneIds = new Map<string, number>();
    for (const seed of zoneSeeds) {
      const values = {
        name: seed.name,
        description: seed.description,
        isDemo: seed.isDemo ?? false,
        isWorld: seed.isWorld ?? false,
        isCyclonic: seed.isCyclonic ?? false,
        has2DStatistics: seed.has2DStatistics ?? false,
        ...zoneGeometry(seed),
      };
      const [row] = await tx
        .insert(zones)
        .values(values)
        .onConflictDoUpdate({ target: zones.name, set: values })
        .returning({ id: zones.id });
      if (row) zoneIds.set(seed.name, row.id);
    }

    const offerIds = new Map<string, typeof offers.$inferSelect>();
    for (const { zones: zoneNames, ...seed } of offerSeeds) {
      const [row] = await tx
        .insert(offers)
        .values(seed)
        .onConflictDoUpdate({ target: offers.name, set: seed })
        .returning();
      if (!row) continue;
      offerIds.set(seed.name, row);
      await tx.delete(offerZones).where(eq(offerZones.offerId, row.id));
      await tx
        .insert(offerZones)
        .values(zoneNames.map((zone) => ({ offerId: row.id, zoneId: zoneIds.get(zone) ?? 0 })));
    }

    for (const seed of customerSeeds) {
      let [customer] = await tx.select().from(customers).where(eq(customers.name, seed.name)).limit(1);
      // One source for the account's total (issue 35: "0 of 3 credits" above a row granting 40): what its
      // offers granted. `credits` is what is left; the demo spends none (no computation records it).
      const granted = seed.offers.reduce(
        (sum, grant) => sum + (offerSeeds.find((offer) => offer.name === grant.offer)?.credits ?? 0),
        0,
      );
      if (seed.credits !== granted)
        throw new Error(`customer ${seed.name} keeps ${seed.credits} credits; its offers granted ${granted}`);
      const values = {
        name: seed.name,
        isProvider: seed.isProvider ?? false,
        credits: seed.credits,
        totalCredits: granted,
      };
      if (customer) await tx.update(customers).set(values).where(eq(customers.id, customer.id));
      else [customer] = await tx.insert(customers).values(values).returning();
      if (!customer) throw new Error(`customer ${seed.name} could not be created`);

      // The customer's offer instances are updated in place (projects refer to them), the n-th grant
      // into the n-th instance; the demo projects are made again below.
      oldReportFiles.push(...(await removeDemoProjects(tx, customer.id, seed.projects ?? [])));
      const existing = await tx
        .select({ id: offerInstances.id })
        .from(offerInstances)
        .where(eq(offerInstances.customerId, customer.id))
        .orderBy(asc(offerInstances.id));
      const instanceOf = new Map<string, number>();
      for (const [index, grant] of seed.offers.entries()) {
        const offer = offerIds.get(grant.offer);
        if (!offer) throw new Error(`offer ${grant.offer} missing from the seed`);
        const {
          id: _id,
          name: _n,
          description: _d,
          informationalMessage: _i,
          durationDays: _days,
          createdAt: _c,
          ...terms
        } = offer;
        const values = {
          ...terms,
          offerId: offer.id,
          customerId: customer.id,
          offerStart: new Date(now.getTime() + grant.startDays * DAY),
          offerEnd: new Date(now.getTime() + grant.endDays * DAY),
        };
        const current = existing[index];
        const [instance] = current
          ? await tx
              .update(offerInstances)
              .set(values)
              .where(eq(offerInstances.id, current.id))
              .returning({ id: offerInstances.id })
          : await tx.insert(offerInstances).values(values).returning({ id: offerInstances.id });
        if (!instance) throw new Error(`offer instance ${grant.offer} of ${seed.name} not written`);
        if (!instanceOf.has(grant.offer)) instanceOf.set(grant.offer, instance.id);
        await tx.delete(offerInstanceZones).where(eq(offerInstanceZones.offerInstanceId, instance.id));
        const zoneRows = await tx.select().from(offerZones).where(eq(offerZones.offerId, offer.id));
        if (zoneRows.length > 0)
          await tx
            .insert(offerInstanceZones)
            .values(zoneRows.map((z) => ({ offerInstanceId: instance.id, zoneId: z.zoneId })));
      }
      const extra = existing.slice(seed.offers.length).map((row) => row.id);
      if (extra.length > 0) await tx.delete(offerInstances).where(inArray(offerInstances.id, extra));

      let managerId: number | null = null;
      for (const person of seed.users) {
        const email = `${person.username}@${seed.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`;
        const values: typeof users.$inferInsert = {
          customerId: customer.id,
          username: person.username,
          email,
          firstName: person.firstName,
          lastName: person.lastName,
          isStaff: person.isStaff ?? false,
          isSuperuser: person.isSuperuser ?? false,
          isActive: !person.pending,
          passwordHash: person.pending ? null : passwordHash,
          invitedById: person.pending ? managerId : null,
          failedLogins: 0,
          lockedUntil: null,
        };
        const [row] = await tx
          .insert(users)
          .values(values)
          .onConflictDoUpdate({ target: users.username, set: values })
          .returning({ id: users.id });
        if (person.isStaff && row) managerId ??= row.id;
      }
      if (seed.projects && managerId !== null)
        demoPlannings.push(
          ...(await insertDemoProjects(
            tx,
            { customerId: customer.id, userId: managerId },
            seed.projects,
            instanceOf,
          )),
        );
    }

    for (const release of changelogSeed)
      await tx
        .insert(changelogReleases)
        .values(release)
        .onConflictDoUpdate({ target: changelogReleases.version, set: release });
    for (const page of flatPageSeeds)
      await tx.insert(flatPages).values(page).onConflictDoUpdate({ target: flatPages.url, set: page });
  });
  await removeReportFiles(dataDir, oldReportFiles);
  return { plannings: demoPlannings };
}
