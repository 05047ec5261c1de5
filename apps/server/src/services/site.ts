// Changelog, help pages, maintenance notice, contact and demo forms.
import { eq } from 'drizzle-orm';
import { APP_VERSION, compareVersions, type ContactRequest } from '@metocean/contracts';
import { changelogReleases, contactRequests, demoRequests, flatPages, maintenance } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { demoRequestMail } from '../mail/templates';
import { perDatabase, type Caller, type Services } from './context';

export async function changelog(services: Services) {
  const rows = await services.db.select().from(changelogReleases);
  const releases = rows
    .map(({ version, date, notes }) => ({ version, date, notes }))
    .sort((a, b) => compareVersions(b.version, a.version));
  // The text form keeps the spec's convention: a heading per release with the version in brackets.
  const text = releases
    .map((release) => `## [${release.version}]${release.date ? ` - ${release.date}` : ''}\n${release.notes}`)
    .join('\n\n');
  return { currentVersion: APP_VERSION, text, releases };
}

export async function flatPage(services: Services, url: string) {
  const [page] = await services.db.select().from(flatPages).where(eq(flatPages.url, url)).limit(1);
  if (!page) throw notFound();
  return { url: page.url, title: page.title, content: page.content };
}

const cacheIn = perDatabase(
  (): { entry?: { at: number; value: typeof maintenance.$inferSelect | undefined } } => ({}),
);
/** The maintenance row, cached for 5 s: every request of the web app asks whether maintenance is on. */
export async function maintenanceState(services: Services) {
  const cache = cacheIn(services.db);
  if (cache.entry && Date.now() - cache.entry.at < 5000) return cache.entry.value;
  const [row] = await services.db.select().from(maintenance).where(eq(maintenance.id, 1)).limit(1);
  cache.entry = { at: Date.now(), value: row };
  return row;
}

export async function maintenanceNotice(services: Services) {
  const row = await maintenanceState(services);
  return { scheduledAt: row?.scheduledAt ?? null, message: row?.message ?? '' };
}

export async function setMaintenance(
  services: Services,
  caller: Caller,
  update: { scheduledAt: string | null; message: string; active: boolean },
) {
  if (!caller.isSuperuser) throw forbidden();
  await services.db
    .insert(maintenance)
    .values({ id: 1, ...update })
    .onConflictDoUpdate({ target: maintenance.id, set: update });
  cacheIn(services.db).entry = undefined;
  return { scheduledAt: update.scheduledAt, message: update.message };
}

/** Stored first (nothing is lost), then forwarded to the form service by a job when one is configured. */
export async function submitContact(services: Services, caller: Caller | null, request: ContactRequest) {
  const [row] = await services.db
    .insert(contactRequests)
    .values({ ...request, userId: caller?.id ?? null })
    .returning({ id: contactRequests.id });
  if (!row) throw new Error('contact insert returned nothing');
  if (services.config.contactFormUrl)
    await services.queue.send('forward-contact', { contactRequestId: row.id });
  return row;
}

/** Posts a stored contact request to the external form service (spec 000 §7: timestamp + named fields). */
export async function forwardContact(services: Services, contactRequestId: number): Promise<void> {
  const url = services.config.contactFormUrl;
  const [row] = await services.db
    .select()
    .from(contactRequests)
    .where(eq(contactRequests.id, contactRequestId))
    .limit(1);
  if (!url || !row || row.forwardedAt) return;
  const body = {
    timestamp: row.createdAt.getTime(),
    fields: [
      { name: 'firstname', value: row.firstName },
      { name: 'lastname', value: row.lastName },
      { name: 'email', value: row.email },
      { name: 'phone', value: row.phone },
      { name: 'company', value: row.companyName },
      { name: 'message', value: row.message },
    ],
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`form service answered ${response.status}`);
    await services.db
      .update(contactRequests)
      .set({ forwardedAt: new Date(), forwardError: null })
      .where(eq(contactRequests.id, row.id));
  } catch (error) {
    await services.db
      .update(contactRequests)
      .set({ forwardError: String(error) })
      .where(eq(contactRequests.id, row.id));
    throw error; // the queue retries with back-off
  }
}

export async function submitDemoRequest(
  services: Services,
  caller: Caller,
  request: { email: string; longitude: number; latitude: number },
) {
  const [row] = await services.db
    .insert(demoRequests)
    .values({ ...request, userId: caller.id })
    .returning({ id: demoRequests.id });
  if (!row) throw new Error('demo request insert returned nothing');
  await services.queue.send('send-email', demoRequestMail(services.config.supportEmail, row.id, request));
  return row;
}
