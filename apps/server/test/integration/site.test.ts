import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, messages } from '@metocean/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import { trackingEvents, users } from '../../src/db/schema';
import { lastPageViews } from '../../src/services/events';
import { eventually, startTestServer, webHeaders, type TestServer } from '../harness';

let server: TestServer;
let formService: Server;
const forwarded: unknown[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // A stand-in for the external form service the contact form is forwarded to.
  formService = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      forwarded.push(JSON.parse(body));
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => formService.listen(0, '127.0.0.1', resolve));
  const port = (formService.address() as AddressInfo).port;
  server = await startTestServer({
    CONTACT_FORM_URL: `http://127.0.0.1:${port}/forms`,
    SUPPORT_EMAIL: 'support@provider.example.com',
  });
  for (const who of ['admin', 'manager', 'member']) tokens[who] = (await server.login(who)).accessToken;
});
afterAll(async () => {
  await server.stop();
  formService.close();
});

describe('health and reference', () => {
  it('reports the database and the queue', async () => {
    const answer = await server.request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', database: true, queue: true, version: APP_VERSION });
  });

  it('publishes the OpenAPI document with the spec paths', async () => {
    const answer = await server.request<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    for (const path of [
      '/api-auth/token/',
      '/api/users/current/',
      '/api/users/{id}/remove_user/',
      '/api/changelog/',
    ])
      expect(Object.keys(answer.body.paths)).toContain(path);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const answer = await server.request('GET', '/api/nothing-here/');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: messages.notFound });
  });
});

describe('client version and maintenance', () => {
  it('asks an old web client to update, and serves scripts without the header', async () => {
    const old = await server.request('GET', '/api/users/current/', {
      token: tokens.member,
      headers: { 'X-App-Version': '5.9.99' },
    });
    expect(old.status).toBe(426);
    expect(old.body).toEqual({ detail: messages.updateRequired, code: 'upgrade_required' });
    const current = await server.request('GET', '/api/users/current/', {
      token: tokens.member,
      headers: webHeaders,
    });
    expect(current.status).toBe(200);
    expect((await server.request('GET', '/api/users/current/', { token: tokens.member })).status).toBe(200);
  });

  it('names its version on every API answer, which the web app trusts only with a schema behind it', async () => {
    // issue 34: the web app takes an answer of its own version as the contract says, unparsed, because the
    // server's serializer checks every declared answer against the contract's schema
    const answers = [
      await server.request('GET', '/api/users/current/', { token: tokens.member, headers: webHeaders }),
      await server.request('GET', '/api/users/current/', { token: tokens.member }),
      await server.request('GET', '/api/users/current/', {
        token: tokens.member,
        headers: { 'X-App-Version': '5.9.99' },
      }),
      await server.request('GET', '/api/nothing-here/'),
      await server.request('GET', '/api/changelog/', { headers: webHeaders }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 426, 404, 200]);
    for (const answer of answers) expect(answer.headers.get('X-App-Version')).toBe(APP_VERSION);
    const doc = await server.request<{
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
      >;
    }>('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    // every answer the web app reads as JSON (a 2xx with a body) declares its schema; files and 204s do not
    const undeclared: string[] = [];
    let declared = 0;
    for (const [path, methods] of Object.entries(doc.body.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const ok = Object.entries(operation.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        if (ok.length === 0) undeclared.push(`${method.toUpperCase()} ${path}`);
        for (const [, response] of ok) if (response.content?.['application/json']) declared += 1;
      }
    expect(undeclared).toEqual([]);
    expect(declared).toBeGreaterThan(100);
  });

  it('lets only superusers schedule maintenance, then tells web clients', async () => {
    const notice = { scheduledAt: '2026-12-01 22:00 UTC', message: 'Database upgrade', active: false };
    expect(
      (await server.request('PUT', '/api/maintenance/', { token: tokens.manager, body: notice })).status,
    ).toBe(403);
    expect(
      (await server.request('PUT', '/api/maintenance/', { token: tokens.admin, body: notice })).status,
    ).toBe(200);
    expect((await server.request('GET', '/api/maintenance/')).body).toEqual({
      scheduledAt: notice.scheduledAt,
      message: notice.message,
    });

    await server.request('PUT', '/api/maintenance/', {
      token: tokens.admin,
      body: { ...notice, active: true },
    });
    const during = await server.request('GET', '/api/users/current/', {
      token: tokens.member,
      headers: webHeaders,
    });
    expect(during.status).toBe(426);
    expect(during.body).toEqual({ detail: 'maintenance', code: 'maintenance' });
    expect((await server.request('GET', '/api/maintenance/', { headers: webHeaders })).status).toBe(200);
    expect((await server.request('GET', '/api/users/current/', { token: tokens.member })).status).toBe(200);
    await server.request('PUT', '/api/maintenance/', {
      token: tokens.admin,
      body: { scheduledAt: null, message: '', active: false },
    });
  });

  it("keeps each database's notice to itself: two servers of one process", async () => {
    // the suite's servers share the process's modules, as two runtimes of the bench do; the notice's 5 s
    // cache is kept per database (services/context.ts perDatabase), not once for the process
    const other = await startTestServer();
    try {
      // the other server reads its own notice, and keeps it for 5 s
      const before = (await other.request('GET', '/api/maintenance/')).body;
      const notice = { scheduledAt: '2026-12-02 06:00 UTC', message: 'Storage move', active: false };
      expect(
        (await server.request('PUT', '/api/maintenance/', { token: tokens.admin, body: notice })).status,
      ).toBe(200);
      expect((await server.request('GET', '/api/maintenance/')).body).toEqual({
        scheduledAt: notice.scheduledAt,
        message: notice.message,
      });
      expect((await other.request('GET', '/api/maintenance/')).body).toEqual(before);
    } finally {
      await server.request('PUT', '/api/maintenance/', {
        token: tokens.admin,
        body: { scheduledAt: null, message: '', active: false },
      });
      await other.stop();
    }
  });
});

describe('content', () => {
  it('serves the changelog with the current version first', async () => {
    const answer = await server.request<{
      currentVersion: string;
      text: string;
      releases: { version: string }[];
    }>('GET', '/api/changelog/');
    expect(answer.body.currentVersion).toBe('5.10.7');
    expect(answer.body.releases[0]?.version).toBe('5.10.7');
    expect(answer.body.text).toMatch(/^## \[5\.10\.7\]/);
  });

  it('serves help pages and 404s unknown ones', async () => {
    const page = await server.request<{ title: string; content: string }>(
      'GET',
      '/api/flatpages/validation/',
    );
    expect(page.body.title).toBe('Data validation');
    expect(page.body.content).toContain('buoy');
    // the FAQ is the web app's own page (/help/faq), written in one place: not a flat page
    expect((await server.request('GET', '/api/flatpages/faq/')).status).toBe(404);
    expect((await server.request('GET', '/api/flatpages/nope/')).status).toBe(404);
    expect((await server.request('GET', '/api/flatpages/..%2Fetc/')).status).toBe(400);
  });
});

describe('forms', () => {
  const contact = {
    firstName: 'Kai',
    lastName: 'Nakamura',
    email: 'kai@offshore.example.com',
    companyName: 'Offshore Wind Co',
    message: 'We need a 40-year study for a jacket foundation.',
  };

  it('names every missing contact field', async () => {
    const answer = await server.request('POST', '/api/contact/', {
      body: { ...contact, companyName: '', message: '' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      fieldErrors: { companyName: [messages.required], message: [messages.required] },
    });
  });

  it('stores a contact request and forwards it to the form service', async () => {
    const answer = await server.request<{ id: number }>('POST', '/api/contact/', { body: contact });
    expect(answer.status).toBe(201);
    await eventually(
      () => Promise.resolve(forwarded.length),
      (count) => count > 0,
      { timeoutMs: 10_000, intervalMs: 100 },
      'the forwarded contact request',
    );
    expect(forwarded[0]).toMatchObject({
      fields: [
        { name: 'firstname', value: 'Kai' },
        { name: 'lastname', value: 'Nakamura' },
        { name: 'email', value: 'kai@offshore.example.com' },
        { name: 'phone', value: '' },
        { name: 'company', value: 'Offshore Wind Co' },
        { name: 'message', value: contact.message },
      ],
    });
    expect(typeof (forwarded[0] as { timestamp: unknown }).timestamp).toBe('number');
  });

  it('takes demo location requests from signed-in users and tells the support team', async () => {
    expect(
      (
        await server.request('POST', '/api/demos/', {
          body: { email: 'a@b.example.com', longitude: 0, latitude: 0 },
        })
      ).status,
    ).toBe(401);
    const bad = await server.request('POST', '/api/demos/', {
      token: tokens.member,
      body: { email: 'a@b.example.com', longitude: -3, latitude: 95 },
    });
    expect(bad.body).toEqual({ fieldErrors: { latitude: [messages.maxValue(90)] } });
    const ok = await server.request('POST', '/api/demos/', {
      token: tokens.member,
      body: { email: 'mel@demo.example.com', longitude: -4.5, latitude: 45.2 },
    });
    expect(ok.status).toBe(201);
    expect(await server.waitForMail('support@provider.example.com')).toContain(
      'latitude 45.2, longitude -4.5',
    );
  });
});

describe('tracking and history', () => {
  it('records page views from anybody and refuses unknown categories', async () => {
    expect(
      (
        await server.request('POST', '/api/events/', {
          body: { category: 'pageView', action: 'view', path: '/login' },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await server.request('POST', '/api/events/', {
          token: tokens.member,
          body: { category: 'click', action: 'open', label: 'contact' },
        })
      ).status,
    ).toBe(204);
    expect(
      (await server.request('POST', '/api/events/', { body: { category: 'spam', action: 'x' } })).status,
    ).toBe(400);
  });

  it('stores searches, tutorials and clicks with their fields and the signed-in user', async () => {
    const sent = [
      { category: 'search', action: 'projects', label: 'North Sea', path: '/' },
      { category: 'tutorial', action: 'skip', label: 'analyzeDisplay', path: '/project/1/analyze' },
      { category: 'click', action: 'contactUs', label: '', path: '/help/faq' },
    ] as const;
    for (const body of sent)
      expect((await server.request('POST', '/api/events/', { token: tokens.member, body })).status).toBe(204);
    const db = server.runtime.services.db;
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'member'));
    const stored = await db
      .select({
        category: trackingEvents.category,
        action: trackingEvents.action,
        label: trackingEvents.label,
        path: trackingEvents.path,
        userId: trackingEvents.userId,
        at: trackingEvents.at,
      })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.userId, member!.id), ne(trackingEvents.category, 'pageView')))
      .orderBy(asc(trackingEvents.id));
    expect(stored.slice(-3).map(({ at: _at, ...row }) => row)).toEqual(
      sent.map((event) => ({ ...event, userId: member!.id })),
    );
    expect(Date.now() - stored.at(-1)!.at.getTime()).toBeLessThan(60_000);
    // only page views are visits: the member has sent clicks, searches and tutorials here, never a page view
    expect((await lastPageViews(db)).has(member!.id)).toBe(false);
    // a label beyond the API's 500 characters is refused, not cut silently
    const long = { category: 'search', action: 'projects', label: 'x'.repeat(501) };
    expect((await server.request('POST', '/api/events/', { token: tokens.member, body: long })).status).toBe(
      400,
    );
  });

  it('scopes the history: members see their own, managers their customer’s', async () => {
    expect((await server.request('GET', '/api/history/')).status).toBe(401);
    const mine = await server.request<{ actor: string }[]>('GET', '/api/history/', { token: tokens.member });
    expect(mine.body.length).toBeGreaterThan(0);
    expect(new Set(mine.body.map((entry) => entry.actor))).toEqual(new Set(['member']));
    const team = await server.request<{ actor: string }[]>('GET', '/api/history/', { token: tokens.manager });
    expect(new Set(team.body.map((entry) => entry.actor))).toEqual(new Set(['member', 'manager']));
  });
});
