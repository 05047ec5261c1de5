// Defence in depth (issue 23): security headers, X-Forwarded-For trusted only as TRUST_PROXY says, sign-in
// throttled per address and per account without permanent lock-out or user enumeration, ids outside
// PostgreSQL's integer range refused before any query, authentication before body validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idMessage, MAX_ID, messages } from '@metocean/contracts';
import { DEMO_PASSWORD, startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let admin: Actor;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.as('admin');
});
afterAll(async () => server?.stop());

const signIn = (on: TestServer, username: string, password: string, from?: string) =>
  on.request('POST', '/api-auth/token/', {
    body: { username, password },
    ...(from ? { headers: { 'x-forwarded-for': from } } : {}),
  });

describe('security headers', () => {
  it('sends a CSP without inline script, nosniff, no framing and a referrer policy on every answer', async () => {
    for (const answer of [
      await server.anonymous.get('/api/site/'),
      await server.anonymous.get('/api/projects/'),
      await server.anonymous.get('/no/such/page'),
    ]) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc.trim()).toBe("'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests'); // served over plain http here
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

// These tests start a server of their own (migrations and seed): under load that alone can take half a
// minute, so they get more than the suite's 30 s.
describe('sign-in throttling', { timeout: 120_000 }, () => {
  it('ignores X-Forwarded-For by default: varying it does not escape the per-address limit', async () => {
    const strict = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await signIn(strict, `nobody${i}`, 'x', `203.0.113.${i}`)).status);
      expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
    } finally {
      await strict.stop();
    }
  });

  it('believes X-Forwarded-For from the proxies TRUST_PROXY names', async () => {
    const proxied = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await signIn(proxied, `nobody${i}`, 'x', `203.0.113.${i}`)).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    } finally {
      await proxied.stop();
    }
  });

  it('pauses one address after five failures for an account, known or not, and lets the user in elsewhere', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: 'loopback' });
    try {
      const answers = async (username: string) => {
        const out: { status: number; body: unknown }[] = [];
        for (let i = 0; i < 6; i++) {
          const answer = await signIn(proxied, username, 'wrong', '198.51.100.7');
          out.push({ status: answer.status, body: answer.body });
        }
        return out;
      };
      const known = await answers('member');
      const unknown = await answers('no-such-user');
      // the same answers, so an attacker cannot tell a known user from an unknown one
      expect(known).toEqual(unknown);
      expect(known.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429]);
      expect(known[5]!.body).toMatchObject({ detail: messages.accountLocked, code: 'locked' });
      // the right password from the attacker's address waits too …
      expect((await signIn(proxied, 'member', DEMO_PASSWORD, '198.51.100.7')).status).toBe(429);
      // … but the user at another address signs in
      expect((await signIn(proxied, 'member', DEMO_PASSWORD, '192.0.2.10')).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });

  it('slows a guess spread over many addresses, never shutting out an address the user signed in from', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: 'loopback' });
    try {
      expect((await signIn(proxied, 'standard', DEMO_PASSWORD, '192.0.2.20')).status).toBe(200);
      // 30 failures from 30 addresses (ACCOUNT_FAILURES), each under the per-address pause
      for (let i = 0; i < 30; i++)
        expect((await signIn(proxied, 'standard', 'guess', `203.0.113.${i}`)).status).toBe(400);
      // a new address now waits, even with the right password …
      expect((await signIn(proxied, 'standard', DEMO_PASSWORD, '203.0.113.200')).status).toBe(429);
      // … the user's own address does not
      expect((await signIn(proxied, 'standard', DEMO_PASSWORD, '192.0.2.20')).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });
});

describe('ids out of range', () => {
  const huge = [2 ** 31, 2 ** 53 - 1, 99999999999];
  const paths = [
    ['GET', '/api/projects/:id/'],
    ['DELETE', '/api/projects/:id/'],
    ['PUT', '/api/projects/:id/cancel/'],
    ['PUT', '/api/projects/:id/compute/'],
    ['GET', '/api/projects/:id/export/'],
    ['GET', '/api/projects/:id/get_visu_data/'],
    ['GET', '/api/projects/:id/stats/'],
    ['POST', '/api/projects/:id/update_collaborators/'],
    ['POST', '/api/projects/:id/update_project_name/'],
    ['GET', '/api/projects/:id/zone/'],
    ['GET', '/api/points/:id/'],
    ['PUT', '/api/points/:id/'],
    ['DELETE', '/api/points/:id/'],
    ['PUT', '/api/tasks/:id/cancel/'],
    ['PUT', '/api/tasks/:id/compute/'],
    ['GET', '/api/tasks/:id/download/'],
    ['PUT', '/api/users/:id/'],
    ['GET', '/api/zones/:id/'],
    ['GET', '/api/zones/:id/nodes/'],
    ['GET', '/api/buoys/:id/get_visu_data/'],
    ['GET', '/api/buoys/:id/comparison/'],
    ['POST', '/api/offers/:id/get_matching_zones/'],
    ['PATCH', '/api/geometries/:id/'],
    ['DELETE', '/api/geometries/:id/'],
  ] as const;

  it('answers 400 naming the id, never 500, on every endpoint with an id in its path', async () => {
    for (const [method, path] of paths)
      for (const id of huge) {
        const answer = await admin.request(method, path.replace(':id', String(id)), {
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(answer.status, `${method} ${path} with ${id}`).toBe(400);
        expect(answer.body, `${method} ${path} with ${id}`).toMatchObject({
          fieldErrors: { id: [idMessage] },
        });
      }
    // the largest id that fits is looked up, and found missing
    expect((await admin.get(`/api/projects/${MAX_ID}/`)).status).toBe(404);
  });

  it('refuses ids out of range in bodies and queries', async () => {
    const list = await admin.get(`/api/points/?project=${2 ** 31}`);
    expect(list.status).toBe(400);
    const task = await admin.post('/api/tasks/', { point: 2 ** 40 });
    expect(task.status).toBe(400);
    expect(task.body).toMatchObject({ fieldErrors: { point: [idMessage] } });
    const impersonate = await admin.post('/api-auth/impersonate/', { userId: 2 ** 31 });
    expect(impersonate.status).toBe(400);
  });

  it('says "point is required" when visualisation data or an export has no point', async () => {
    const visu = await admin.get('/api/projects/1/get_visu_data/?stats_id=X');
    expect(visu.status).toBe(400);
    expect(visu.body).toMatchObject({ fieldErrors: { point: ['point is required'] } });
    const exported = await admin.get('/api/projects/1/export/?stat_id=X&export_kind=CSV');
    expect(exported.status).toBe(400);
    expect(exported.body).toMatchObject({ fieldErrors: { point: ['point is required'] } });
  });
});

describe('authentication first', () => {
  it('answers 401 to an anonymous caller before looking at the body', async () => {
    for (const [method, path] of [
      ['POST', '/api/projects/'],
      ['POST', '/api/points/'],
      ['POST', '/api/tasks/'],
      ['PUT', '/api/points/1/'],
    ] as const) {
      const answer = await server.anonymous.request(method, path, { body: { nonsense: true } });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).not.toHaveProperty('fieldErrors');
    }
  });
});
