// The API client's session rules (spec 000 §4 Session, §8; issue 23: the refresh token is an HttpOnly cookie
// the page never sees, the access token lives in memory) against a scripted fetch.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION, limits, messages, paths } from '@metocean/contracts';
import type * as ClientModule from './client';
import type * as SessionModule from './session';
import type * as StatusModule from './appStatus';

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  clear() {
    this.values.clear();
  }
  entries() {
    return [...this.values.entries()];
  }
}

// The client runs in the browser: give it the globals it reads before importing it.
const local = new MemoryStorage();
const sessionStore = new MemoryStorage();
const storageListeners: ((event: { key: string; newValue: string | null }) => void)[] = [];
vi.stubGlobal('localStorage', local);
vi.stubGlobal('sessionStorage', sessionStore);
vi.stubGlobal('window', {
  addEventListener: (type: string, listener: (typeof storageListeners)[number]) => {
    if (type === 'storage') storageListeners.push(listener);
  },
  setTimeout: () => 1,
  location: { reload: () => undefined },
});

let client: typeof ClientModule;
let sessionModule: typeof SessionModule;
let status: typeof StatusModule;

const markKey = 'metocean.signedIn';
/** What versions before the cookie stored: the pair, in localStorage. */
const legacyPair = JSON.stringify({ accessToken: 'legacy.access.token', refreshToken: 'legacy-refresh' });

beforeAll(async () => {
  local.setItem('metocean.session', legacyPair);
  client = await import('./client');
  sessionModule = await import('./session');
  status = await import('./appStatus');
  client.followOtherTabs();
});

/** An unsigned JWT that expires in `seconds`. */
function jwt(seconds: number, id = 'a'): string {
  const payload = Buffer.from(JSON.stringify({ sub: id, exp: Math.floor(Date.now() / 1000) + seconds }));
  return `eyJhbGciOiJIUzI1NiJ9.${payload.toString('base64url')}.signature`;
}

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

interface Call {
  url: string;
  init: RequestInit;
}

/** Answers the calls in order; a function answers when called (to act "meanwhile"), or throws. */
function script(...answers: (Response | (() => Response))[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call to ${url}`);
      return Promise.resolve(typeof answer === 'function' ? answer() : answer);
    }),
  );
  return calls;
}

const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

/** Another tab writes the sign-in mark (or removes it): the browser tells this one. */
function otherTab(newValue: string | null): void {
  if (newValue === null) local.removeItem(markKey);
  else local.setItem(markKey, newValue);
  for (const listener of storageListeners) listener({ key: markKey, newValue });
}

/** A refresh call made with the cookie alone: a JSON body with no token in it, and no bearer token. */
function expectCookieRefresh(call: Call | undefined): void {
  expect(call?.url).toBe(paths.refresh);
  expect(call?.init.method).toBe('POST');
  expect(call?.init.body).toBe('{}');
  expect(header(call, 'Content-Type')).toBe('application/json');
  expect(header(call, 'Authorization')).toBeNull();
}

beforeEach(() => {
  local.clear();
  sessionStore.clear();
  sessionModule.session.setNotice(null);
});

afterEach(() => {
  sessionModule.session.end();
});

describe('apiRequest', () => {
  it('sends the bearer token, the version header and asks for the refresh token as a cookie', async () => {
    const access = jwt(900);
    sessionModule.session.start(access);
    const calls = script(json(200, { ok: true }));
    await client.apiRequest('/api/users/current/');
    expect(header(calls[0], 'Authorization')).toBe(`Bearer ${access}`);
    expect(header(calls[0], 'X-App-Version')).toBe(APP_VERSION);
    expect(header(calls[0], limits.tokenTransportHeader)).toBe('cookie');
  });

  it('validates the answer with a lazily loaded schema, which fails the request as an eager one would', async () => {
    sessionModule.session.start(jwt(900));
    const { lazySchema } = await import('./lazy-schema');
    const grant = lazySchema((schemas) => schemas.tokenGrant);
    script(json(200, { accessToken: 'a.b.c' }));
    await expect(client.apiRequest('/api/x/', { schema: grant })).resolves.toEqual({ accessToken: 'a.b.c' });
    // an answer the schema refuses is an error, never data of the wrong shape
    script(json(200, { token: 'a.b.c' }));
    await expect(client.apiRequest('/api/x/', { schema: grant })).rejects.toThrow(/accessToken/);
  });

  it('in production, takes an answer of its own version unparsed and parses any other (issue 34)', async () => {
    sessionModule.session.start(jwt(900));
    const { answerPolicy, LazySchema } = await import('./lazy-schema');
    let loads = 0;
    const grant = new LazySchema((schemas) => {
      loads += 1;
      return schemas.tokenGrant;
    });
    const from = (version: string | null, body: unknown): Response => {
      const answer = json(200, body);
      if (version !== null) answer.headers.set(limits.versionHeader, version);
      return answer;
    };
    answerPolicy.trustSameVersion = true;
    try {
      // the server checked this answer against the same contract: no schema, no zod loaded
      script(from(APP_VERSION, { accessToken: 'a.b.c' }));
      await expect(client.apiRequest('/api/x/', { schema: grant })).resolves.toEqual({
        accessToken: 'a.b.c',
      });
      expect(loads).toBe(0);
      // another version (a tab opened before a deployment) or no header: parsed, a wrong shape refused
      script(from('0.0.1', { token: 'a.b.c' }));
      await expect(client.apiRequest('/api/x/', { schema: grant })).rejects.toThrow(/accessToken/);
      script(from(null, { token: 'a.b.c' }));
      await expect(client.apiRequest('/api/x/', { schema: grant })).rejects.toThrow(/accessToken/);
      script(from('0.0.1', { accessToken: 'd.e.f', extra: 1 }));
      await expect(client.apiRequest('/api/x/', { schema: grant })).resolves.toEqual({
        accessToken: 'd.e.f',
      });
      expect(loads).toBe(1);
    } finally {
      answerPolicy.trustSameVersion = false;
    }
    // off (development, these tests): even an answer of this version is parsed
    script(from(APP_VERSION, { token: 'a.b.c' }));
    await expect(client.apiRequest('/api/x/', { schema: grant })).rejects.toThrow(/accessToken/);
  });

  it('loads a schema again after a failed load, rather than keeping the failure', async () => {
    const { LazySchema } = await import('./lazy-schema');
    let attempts = 0;
    const flaky = new LazySchema((schemas) => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk lost');
      return schemas.tokenGrant;
    });
    await expect(flaky.load()).rejects.toThrow('chunk lost');
    await expect(flaky.load()).resolves.toBeDefined();
    expect(attempts).toBe(2);
  });

  it('renews with the cookie first when at most 120 s of validity remain, and keeps the new token', async () => {
    sessionModule.session.start(jwt(100));
    const fresh = jwt(900, 'b');
    const calls = script(json(200, { accessToken: fresh }), json(200, {}));
    await client.apiRequest('/api/users/current/');
    expectCookieRefresh(calls[0]);
    expect(header(calls[1], 'Authorization')).toBe(`Bearer ${fresh}`);
    expect(sessionModule.session.accessToken()).toBe(fresh);
  });

  it('does not renew a token with more than 120 s left', async () => {
    sessionModule.session.start(jwt(130));
    const calls = script(json(200, {}));
    await client.apiRequest('/api/users/current/');
    expect(calls.map((call) => call.url)).toEqual(['/api/users/current/']);
  });

  it('renews and retries once on a 401 with the expired-token code', async () => {
    sessionModule.session.start(jwt(900));
    const fresh = jwt(900, 'b');
    const calls = script(
      json(401, { detail: messages.tokenExpired, code: 'token_expired' }),
      json(200, { accessToken: fresh }),
      json(200, { id: 1 }),
    );
    await client.apiRequest('/api/users/current/');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/users/current/',
      '/api-auth/token/refresh/',
      '/api/users/current/',
    ]);
    expect(header(calls[2], 'Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('ends the session with the credentials message on a second 401 or any other 401', async () => {
    sessionModule.session.start(jwt(900));
    script(json(401, { detail: messages.tokenInvalid, code: 'token_invalid' }));
    await expect(client.apiRequest('/api/users/current/')).rejects.toMatchObject({ status: 401 });
    expect(sessionModule.session.accessToken()).toBeNull();
    expect(sessionModule.session.notice()?.message).toBe(messages.credentialsExpired);
  });

  it('ends the session with the credentials message when the renewal is refused', async () => {
    sessionModule.session.start(jwt(10));
    script(json(401, { detail: messages.tokenInvalid }), json(401, { detail: messages.notAuthenticated }));
    await expect(client.apiRequest('/api/users/current/')).rejects.toMatchObject({ status: 401 });
    expect(sessionModule.session.notice()?.message).toBe(messages.credentialsExpired);
    expect(local.getItem(markKey)).toBeNull();
  });

  it('asks again when another tab signed in anew while its renewal was refused', async () => {
    sessionModule.session.start(jwt(10));
    const fresh = jwt(900, 'c');
    const calls = script(
      () => {
        // The other tab's sign-in replaced the cookie this refresh was sent with.
        local.setItem(markKey, 'other-tab');
        return json(401, { detail: messages.credentialsExpired, code: 'token_invalid' });
      },
      json(200, { accessToken: fresh }),
      json(200, {}),
    );
    await client.apiRequest('/api/users/current/');
    expectCookieRefresh(calls[1]);
    expect(header(calls[2], 'Authorization')).toBe(`Bearer ${fresh}`);
    expect(sessionModule.session.notice()).toBeNull();
  });

  it('logs out with the unauthorised-page message on 403, unless the caller handles it', async () => {
    sessionModule.session.start(jwt(900));
    script(json(403, { detail: messages.permissionDenied }));
    await expect(client.apiRequest('/api/users/', { forbidden: 'throw' })).rejects.toMatchObject({
      status: 403,
    });
    expect(sessionModule.session.accessToken()).not.toBeNull();

    script(json(403, { detail: messages.permissionDenied }));
    await expect(client.apiRequest('/api/users/')).rejects.toMatchObject({ status: 403 });
    expect(sessionModule.session.accessToken()).toBeNull();
    expect(sessionModule.session.notice()?.message).toBe(messages.unauthorizedPage);
  });

  it('never redirects on errors of the public calls', async () => {
    script(json(400, { nonFieldErrors: [messages.loginFailed] }));
    const error = await client
      .apiRequest('/api-auth/token/', { method: 'POST', body: {}, kind: 'public' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(client.ApiError);
    expect((error as Error).message).toBe(messages.loginFailed);
    expect(sessionModule.session.notice()).toBeNull();
  });

  it('asks for an update on 426, and schedules a reload when the 426 is a maintenance', async () => {
    script(json(426, { detail: messages.updateRequired, code: 'upgrade_required' }));
    await expect(client.apiRequest('/api/changelog/', { kind: 'quiet' })).rejects.toMatchObject({
      status: 426,
    });
    expect(status.appStatus.get()).toMatchObject({ updateRequired: true, maintenanceReload: false });

    script(json(426, { detail: messages.maintenance, code: 'maintenance' }));
    await expect(client.apiRequest('/api/changelog/', { kind: 'quiet' })).rejects.toMatchObject({
      status: 426,
    });
    expect(status.appStatus.get().maintenanceReload).toBe(true);
  });
});

describe('a reload or a new tab', () => {
  it('fetches the access token with the cookie when the browser has a session', async () => {
    local.setItem(markKey, 'signed-in');
    const fresh = jwt(900, 'd');
    const calls = script(json(200, { accessToken: fresh }));
    const restoring = client.restoreSession();
    expect(sessionModule.session.restoring()).toBe(true);
    await restoring;
    expectCookieRefresh(calls[0]);
    expect(sessionModule.session.restoring()).toBe(false);
    expect(sessionModule.session.accessToken()).toBe(fresh);
  });

  it("tells the routes' prefetch when the token came (issue 34)", async () => {
    local.setItem(markKey, 'signed-in');
    const fresh = jwt(900, 'e');
    script(json(200, { accessToken: fresh }));
    const restoring = client.restoreSession();
    let tokenWhenSettled: string | null | undefined;
    const settled = sessionModule.session.settled().then(() => {
      tokenWhenSettled = sessionModule.session.accessToken();
    });
    await Promise.resolve();
    expect(tokenWhenSettled).toBeUndefined(); // not before the answer
    await restoring;
    await settled;
    expect(tokenWhenSettled).toBe(fresh);
    // settled already: at once
    await expect(sessionModule.session.settled()).resolves.toBeUndefined();
  });

  it("tells the routes' prefetch when the restore failed, signed out", async () => {
    local.setItem(markKey, 'signed-in');
    script(json(401, { detail: messages.credentialsExpired, code: 'token_invalid' }));
    const restoring = client.restoreSession();
    const settled = sessionModule.session.settled();
    await restoring;
    await settled;
    expect(sessionModule.session.accessToken()).toBeNull();
  });

  it('does not ask without a session', async () => {
    const calls = script();
    await client.restoreSession();
    expect(calls).toEqual([]);
    expect(sessionModule.session.restoring()).toBe(false);
  });

  it('goes to login with the credentials message when the cookie is refused', async () => {
    local.setItem(markKey, 'signed-in');
    script(json(401, { detail: messages.credentialsExpired, code: 'token_invalid' }));
    await client.restoreSession();
    expect(sessionModule.session.accessToken()).toBeNull();
    expect(sessionModule.session.notice()?.message).toBe(messages.credentialsExpired);
    expect(local.getItem(markKey)).toBeNull();
  });

  it('keeps the mark for the next reload when the server cannot be reached', async () => {
    local.setItem(markKey, 'signed-in');
    script(() => {
      throw new TypeError('Failed to fetch');
    });
    await client.restoreSession();
    expect(sessionModule.session.restoring()).toBe(false);
    expect(sessionModule.session.accessToken()).toBeNull();
    expect(local.getItem(markKey)).toBe('signed-in');
  });
});

describe('other tabs', () => {
  it('end this session when they sign out', () => {
    sessionModule.session.start(jwt(900));
    otherTab(null);
    expect(sessionModule.session.accessToken()).toBeNull();
  });

  it('are followed when they sign in or switch sessions (impersonation)', async () => {
    sessionModule.session.start(jwt(900, 'admin'));
    const member = jwt(900, 'member');
    const calls = script(json(200, { accessToken: member }));
    otherTab('switched');
    expect(sessionModule.session.accessToken()).toBeNull();
    await vi.waitFor(() => expect(sessionModule.session.accessToken()).toBe(member));
    expectCookieRefresh(calls[0]);
  });
});

describe('storage', () => {
  it('drops the token pair that versions before the cookie stored', () => {
    expect(local.getItem('metocean.session')).toBeNull();
  });

  it('never holds a token: sign-in, renewal, restore, notices, logout', async () => {
    const seen: string[] = [];
    const stored = () =>
      [...local.entries(), ...sessionStore.entries()].map(([key, value]) => `${key}=${value}`);
    const check = () => {
      for (const entry of stored()) {
        for (const token of seen) expect(entry).not.toContain(token);
        // Nothing JWT-shaped and nothing named like a refresh token, whatever its value.
        expect(entry).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
        expect(entry.toLowerCase()).not.toContain('refresh');
      }
    };

    const signedIn = jwt(100, 'e');
    seen.push(signedIn);
    sessionModule.session.start(signedIn);
    check();
    const renewed = jwt(900, 'f');
    seen.push(renewed);
    script(json(200, { accessToken: renewed }), json(200, {}));
    await client.apiRequest('/api/users/current/');
    expect(sessionModule.session.accessToken()).toBe(renewed);
    check();

    const restored = jwt(900, 'g');
    seen.push(restored);
    script(json(200, { accessToken: restored }));
    await client.restoreSession();
    expect(sessionModule.session.accessToken()).toBe(restored);
    check();
    expect(stored().some((entry) => entry.startsWith(`${markKey}=`))).toBe(true);

    const calls = script(json(204, null));
    await client.logout({ message: messages.inactivityLogout, severity: 'info' });
    expect(calls[0]?.url).toBe(paths.logout);
    expect(calls[0]?.init.body).toBe('{}');
    check();
    expect(local.getItem(markKey)).toBeNull();
    expect(sessionModule.session.notice()?.message).toBe(messages.inactivityLogout);
  });
});
