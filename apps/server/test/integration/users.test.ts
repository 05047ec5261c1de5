import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, type Collaborator, type CurrentUser } from '@metocean/contracts';
import { plannings, projects, reportComments, reports } from '../../src/db/schema';
import { linkIn, startTestServer, type TestServer } from '../harness';

let server: TestServer;
const tokens: Record<string, string> = {};
const get = <T>(path: string, who: string) => server.request<T>('GET', path, { token: tokens[who] });
const put = <T>(path: string, who: string, body?: unknown) =>
  server.request<T>('PUT', path, { token: tokens[who], body });
const post = <T>(path: string, who: string, body?: unknown) =>
  server.request<T>('POST', path, { token: tokens[who], body });

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['admin', 'manager', 'member', 'trial', 'demo', 'standard', 'expired'])
    tokens[who] = (await server.login(who)).accessToken;
});
afterAll(() => server.stop());

const idOf = async (username: string, as = 'admin') => {
  const list = await get<Collaborator[]>(`/api/users/?scope=all&search=${username}`, as);
  const found = list.body.find((user) => user.email.startsWith(`${username}@`));
  if (!found) throw new Error(`no user ${username}`);
  return found.id;
};

describe('GET /api/users/current/ counts', () => {
  it('says what the usage analysis says of the same user (issue 30: profile 0, usage 4)', async () => {
    tokens.renewed = (await server.login('renewed')).accessToken;
    const before = (await get<CurrentUser>('/api/users/current/', 'renewed')).body;
    // the user's own work: the demo planning (seeded without an author), a report and a comment on it
    const db = server.runtime.services.db;
    const [project] = await db.select().from(projects).where(eq(projects.name, 'Cable_lay_2025'));
    await db.update(plannings).set({ userId: before.id }).where(eq(plannings.projectId, project!.id));
    const [report] = await db
      .insert(reports)
      .values({ projectId: project!.id, userId: before.id, name: 'Campaign report', status: 'FINISHED' })
      .returning();
    await db.insert(reportComments).values({ reportId: report!.id, userId: before.id, message: 'Checked' });

    const me = (await get<CurrentUser>('/api/users/current/', 'renewed')).body;
    const usage = await get<{ downtimeCount: number; reportCount: number }>(
      `/api/usage/users/${me.id}/`,
      'admin',
    );
    expect(usage.status).toBe(200);
    expect(usage.body.downtimeCount).toBeGreaterThan(0);
    expect(me.counts.downtimeComputations).toBe(usage.body.downtimeCount);
    expect(me.counts.reports).toBe(usage.body.reportCount);
    expect(me.counts.reports).toBe(before.counts.reports + 1);
    expect(me.counts.comments).toBe(before.counts.comments + 1);
  });
});

describe('GET /api/users/current/', () => {
  it('presents each demo user with the role, account and pack of the seed', async () => {
    const expectations: [string, Partial<CurrentUser>, string | null, boolean][] = [
      ['admin', { role: 'manager', isSuperuser: true }, null, false],
      // Three offers: the pack is the preferred one, unlimited before limited (spec 000 §4).
      ['manager', { role: 'manager', isSuperuser: false }, 'Full Study Unlimited', false],
      ['member', { role: 'member', isStaff: false }, 'Full Study Unlimited', false],
      ['trial', { role: 'manager' }, 'Free Trial', false],
      ['demo', { role: 'manager' }, 'Pack 10 Demo', false],
      ['standard', { role: 'manager' }, 'Standard Access', false],
      ['expired', { role: 'manager' }, 'On Demand', true],
    ];
    for (const [who, fields, pack, expired] of expectations) {
      const me = await get<CurrentUser>('/api/users/current/', who);
      expect(me.status, who).toBe(200);
      expect(me.body, who).toMatchObject({ username: who, ...fields, impersonator: null });
      expect(me.body.accounts[0]?.pack?.name ?? null, who).toBe(pack);
      expect(me.body.accounts[0]?.subscriptionExpired, who).toBe(expired);
      expect(me.body).not.toHaveProperty('passwordHash');
    }
  });

  it('counts the collaborators of the account', async () => {
    const me = await get<CurrentUser>('/api/users/current/', 'manager');
    expect(me.body.accounts[0]?.collaborators).toBe(3);
    expect(me.body.counts).toEqual({
      projects: 0,
      computations: 0,
      downtimeComputations: 0,
      reports: 0,
      comments: 0,
    });
  });
});

describe('settings', () => {
  it('stores the two interface settings per user', async () => {
    const changed = await put('/api/users/current/settings/', 'member', {
      showOverviewControl: false,
      dismissAllTutorials: true,
    });
    expect(changed.body).toEqual({ showOverviewControl: false, dismissAllTutorials: true });
    expect((await get('/api/users/current/settings/', 'member')).body).toEqual({
      showOverviewControl: false,
      dismissAllTutorials: true,
    });
    expect((await get('/api/users/current/settings/', 'manager')).body).toEqual({
      showOverviewControl: true,
      dismissAllTutorials: false,
    });
  });
});

describe('the team', () => {
  it('lists only the caller’s own customer', async () => {
    const team = await get<Collaborator[]>('/api/users/', 'member');
    expect(
      team.body.map((user) => user.email.split('@')[0]).sort((a, b) => (a ?? '').localeCompare(b ?? '')),
    ).toEqual(['invitee', 'manager', 'member']);
    expect(team.body.find((user) => user.email.startsWith('invitee@'))?.role).toBe('pending');
  });

  it('lets superusers find people by customer name', async () => {
    const found = await get<Collaborator[]>('/api/users/?scope=all&search=harbour', 'admin');
    expect(found.body.map((user) => [user.username, user.customerName])).toEqual([
      ['standard', 'Standard Harbour'],
    ]);
  });

  it('lets only superusers list everybody', async () => {
    expect((await get('/api/users/?scope=all', 'manager')).status).toBe(403);
    const everybody = await get<Collaborator[]>('/api/users/?scope=all', 'admin');
    expect(everybody.body.length).toBeGreaterThanOrEqual(8);
  });
});

describe('invitations', () => {
  it('is refused to members', async () => {
    const answer = await post('/api/users/', 'member', { email: 'friend@demo.example.com' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ detail: messages.permissionDenied });
  });

  it('validates the e-mail', async () => {
    expect((await post('/api/users/', 'manager', { email: 'not-an-address' })).body).toEqual({
      fieldErrors: { email: [messages.incorrectEmail] },
    });
    expect((await post('/api/users/', 'manager', {})).body).toEqual({
      fieldErrors: { email: [messages.required] },
    });
    expect(
      (await post('/api/users/', 'manager', { email: 'member@demo-offshore-ltd.example.com' })).body,
    ).toEqual({
      fieldErrors: { email: [messages.emailTaken] },
    });
  });

  it('mails a link; the invitee is pending until they choose a password', async () => {
    const invited = await post<{ id: number; email: string }>('/api/users/', 'manager', {
      email: 'Diver@Demo.example.com',
      isStaff: false,
    });
    expect(invited.status).toBe(201);
    expect(invited.body.email).toBe('diver@demo.example.com');
    const mail = await server.waitForMail('diver@demo.example.com');
    expect(mail).toContain('Morgan Manager invited you to join the Demo Offshore Ltd team');
    const link = linkIn(mail, '/registration/activate');
    expect(link.searchParams.get('invite')).toBe('1');
    const key = link.searchParams.get('key');

    const noPassword = await server.request('POST', '/api-auth/registration/activate/', {
      body: { verificationKey: key },
    });
    expect(noPassword.body).toMatchObject({ fieldErrors: { password: [messages.required] } });
    const taken = await server.request('POST', '/api-auth/registration/activate/', {
      body: {
        verificationKey: key,
        username: 'member',
        password: 'Deep-Water-55',
        passwordConfirm: 'Deep-Water-55',
      },
    });
    expect(taken.body).toEqual({ fieldErrors: { username: [messages.usernameTaken] } });
    const done = await server.request('POST', '/api-auth/registration/activate/', {
      body: {
        verificationKey: key,
        username: 'diver',
        password: 'Deep-Water-55',
        passwordConfirm: 'Deep-Water-55',
      },
    });
    expect(done.status).toBe(200);
    const session = await server.login('diver', 'Deep-Water-55');
    const me = await server.request<CurrentUser>('GET', '/api/users/current/', {
      token: session.accessToken,
    });
    expect(me.body).toMatchObject({
      role: 'member',
      customerId: (await get<CurrentUser>('/api/users/current/', 'manager')).body.customerId,
    });
  });

  it('resends and revokes a pending invitation, for managers of the same customer only', async () => {
    const invited = await post<{ id: number }>('/api/users/', 'manager', { email: 'crane@demo.example.com' });
    const id = invited.body.id;
    await server.waitForMail('crane@demo.example.com');
    const before = server.mailCount();
    expect((await put(`/api/users/${id}/resend_invite/`, 'member')).status).toBe(403);
    expect((await put(`/api/users/${id}/resend_invite/`, 'demo')).status).toBe(404);
    expect((await put(`/api/users/${id}/resend_invite/`, 'manager')).status).toBe(204);
    await server.waitForMail('crane@demo.example.com', before);

    const activeId = await idOf('member');
    expect((await put(`/api/users/${activeId}/revoke_invite/`, 'manager')).body).toEqual({
      nonFieldErrors: [messages.notPending],
    });
    expect((await put(`/api/users/${id}/revoke_invite/`, 'manager')).status).toBe(204);
    const team = await get<Collaborator[]>('/api/users/', 'manager');
    expect(team.body.some((user) => user.id === id)).toBe(false);
  });
});

describe('editing people', () => {
  it('lets anybody edit their own names but not their own manager flag', async () => {
    const id = await idOf('member');
    const answer = await put<Collaborator>(`/api/users/${id}/`, 'member', {
      firstName: 'Melanie',
      lastName: 'Member',
      isStaff: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ firstName: 'Melanie', fullName: 'Melanie Member', role: 'member' });
  });

  it('requires both names', async () => {
    const id = await idOf('member');
    expect((await put(`/api/users/${id}/`, 'member', { firstName: '  ', lastName: 'Member' })).body).toEqual({
      fieldErrors: { firstName: [messages.required] },
    });
  });

  it('lets managers edit their team, not members and not other customers', async () => {
    const managerId = await idOf('manager');
    const memberId = await idOf('member');
    expect((await put(`/api/users/${managerId}/`, 'member', { firstName: 'X', lastName: 'Y' })).status).toBe(
      403,
    );
    expect((await put(`/api/users/${memberId}/`, 'standard', { firstName: 'X', lastName: 'Y' })).status).toBe(
      404,
    );
    const promoted = await put<Collaborator>(`/api/users/${memberId}/`, 'manager', {
      firstName: 'Mel',
      lastName: 'Member',
      isStaff: true,
    });
    expect(promoted.body.role).toBe('manager');
    const demoted = await put<Collaborator>(`/api/users/${memberId}/`, 'manager', {
      firstName: 'Mel',
      lastName: 'Member',
      isStaff: false,
    });
    expect(demoted.body.role).toBe('member');
  });
});

describe('removing people', () => {
  it('refuses to remove oneself, refuses members, and removes a teammate for good', async () => {
    const managerId = await idOf('manager');
    expect((await put(`/api/users/${managerId}/remove_user/`, 'manager')).body).toEqual({
      nonFieldErrors: [messages.cannotRemoveSelf],
    });
    const diverId = await idOf('diver');
    expect((await put(`/api/users/${diverId}/remove_user/`, 'member')).status).toBe(403);
    expect((await put(`/api/users/${diverId}/remove_user/`, 'standard')).status).toBe(404);
    const diver = await server.login('diver', 'Deep-Water-55');
    expect((await put(`/api/users/${diverId}/remove_user/`, 'manager')).status).toBe(204);
    expect((await server.request('GET', '/api/users/current/', { token: diver.accessToken })).status).toBe(
      401,
    );
    expect(
      (
        await server.request('POST', '/api-auth/token/refresh/', {
          body: { refreshToken: diver.refreshToken },
        })
      ).status,
    ).toBe(401);
  });
});

describe('impersonation', () => {
  it('is for superusers only', async () => {
    const memberId = await idOf('member');
    expect((await post('/api-auth/impersonate/', 'manager', { userId: memberId })).status).toBe(403);
  });

  it('acts as the user, is logged, and returns to the superuser', async () => {
    const memberId = await idOf('member');
    const started = await post<{ accessToken: string }>('/api-auth/impersonate/', 'admin', {
      userId: memberId,
    });
    expect(started.status).toBe(200);
    const asMember = started.body.accessToken;
    const me = await server.request<CurrentUser>('GET', '/api/users/current/', { token: asMember });
    expect(me.body).toMatchObject({ username: 'member', impersonator: { username: 'admin' } });
    // Nested impersonation is refused: the acting session is the member's.
    expect(
      (
        await server.request('POST', '/api-auth/impersonate/', {
          token: asMember,
          body: { userId: memberId },
        })
      ).status,
    ).toBe(403);

    const back = await server.request<{ accessToken: string }>('POST', '/api-auth/impersonate/stop/', {
      token: asMember,
    });
    expect(back.status).toBe(200);
    const admin = await server.request<CurrentUser>('GET', '/api/users/current/', {
      token: back.body.accessToken,
    });
    expect(admin.body).toMatchObject({ username: 'admin', impersonator: null });

    const history = await get<{ action: string; actor: string }[]>('/api/history/', 'admin');
    const actions = history.body.map((entry) => entry.action);
    expect(actions).toContain('impersonation.start');
    expect(actions).toContain('impersonation.stop');
    expect(history.body.find((entry) => entry.action === 'impersonation.start')?.actor).toBe('member');
  });

  it('refuses to stop when not impersonating', async () => {
    expect((await post('/api-auth/impersonate/stop/', 'admin')).status).toBe(400);
  });
});
