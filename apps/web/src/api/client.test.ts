// The API client's session rules (spec 000 §4 Session, §8) against a scripted fetch.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION, messages, type TokenPair } from '@metocean/contracts';
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
}

// The client runs in the browser: give it the globals it reads before importing it.
const local = new MemoryStorage();
const sessionStore = new MemoryStorage();
vi.stubGlobal('localStorage', local);
vi.stubGlobal('sessionStorage', sessionStore);
vi.stubGlobal('window', {
  addEventListener: () => undefined,
  setTimeout: () => 1,
  location: { reload: () => undefined },
});

let client: typeof ClientModule;
let sessionModule: typeof SessionModule;
let status: typeof StatusModule;

beforeAll(async () => {
  client = await import('./client');
  sessionModule = await import('./session');
  status = await import('./appStatus');
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

function script(...answers: Response[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call to ${url}`);
      return Promise.resolve(answer);
    }),
  );
  return calls;
}

const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

beforeEach(() => {
  local.clear();
  sessionStore.clear();
  sessionModule.session.setNotice(null);
});

afterEach(() => {
  sessionModule.session.end();
});

describe('apiRequest', () => {
  it('sends the bearer token and the version header', async () => {
    const pair: TokenPair = { accessToken: jwt(900), refreshToken: 'r1' };
    sessionModule.session.start(pair);
    const calls = script(json(200, { ok: true }));
    await client.apiRequest('/api/users/current/');
    expect(header(calls[0], 'Authorization')).toBe(`Bearer ${pair.accessToken}`);
    expect(header(calls[0], 'X-App-Version')).toBe(APP_VERSION);
  });

  it('renews first when at most 120 s of validity remain, and keeps the rotated pair', async () => {
    sessionModule.session.start({ accessToken: jwt(100), refreshToken: 'r1' });
    const fresh = { accessToken: jwt(900, 'b'), refreshToken: 'r2' };
    const calls = script(json(200, fresh), json(200, {}));
    await client.apiRequest('/api/users/current/');
    expect(calls[0]?.url).toBe('/api-auth/token/refresh/');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ refreshToken: 'r1' });
    expect(header(calls[1], 'Authorization')).toBe(`Bearer ${fresh.accessToken}`);
    expect(sessionModule.session.tokens()).toEqual(fresh);
  });

  it('does not renew a token with more than 120 s left', async () => {
    sessionModule.session.start({ accessToken: jwt(130), refreshToken: 'r1' });
    const calls = script(json(200, {}));
    await client.apiRequest('/api/users/current/');
    expect(calls.map((call) => call.url)).toEqual(['/api/users/current/']);
  });

  it('renews and retries once on a 401 with the expired-token code', async () => {
    sessionModule.session.start({ accessToken: jwt(900), refreshToken: 'r1' });
    const fresh = { accessToken: jwt(900, 'b'), refreshToken: 'r2' };
    const calls = script(
      json(401, { detail: messages.tokenExpired, code: 'token_expired' }),
      json(200, fresh),
      json(200, { id: 1 }),
    );
    await client.apiRequest('/api/users/current/');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/users/current/',
      '/api-auth/token/refresh/',
      '/api/users/current/',
    ]);
    expect(header(calls[2], 'Authorization')).toBe(`Bearer ${fresh.accessToken}`);
  });

  it('ends the session with the credentials message on a second 401 or any other 401', async () => {
    sessionModule.session.start({ accessToken: jwt(900), refreshToken: 'r1' });
    script(json(401, { detail: messages.tokenInvalid, code: 'token_invalid' }));
    await expect(client.apiRequest('/api/users/current/')).rejects.toMatchObject({ status: 401 });
    expect(sessionModule.session.tokens()).toBeNull();
    expect(sessionModule.session.notice()?.message).toBe(messages.credentialsExpired);
  });

  it('ends the session with the credentials message when the renewal is refused', async () => {
    sessionModule.session.start({ accessToken: jwt(10), refreshToken: 'revoked' });
    script(json(401, { detail: messages.tokenInvalid }), json(401, { detail: messages.notAuthenticated }));
    await expect(client.apiRequest('/api/users/current/')).rejects.toMatchObject({ status: 401 });
    expect(sessionModule.session.notice()?.message).toBe(messages.credentialsExpired);
  });

  it('adopts the pair another tab stored when its own renewal is refused', async () => {
    sessionModule.session.start({ accessToken: jwt(10), refreshToken: 'r1' });
    const otherTab = { accessToken: jwt(900, 'c'), refreshToken: 'r2' };
    const calls = script(json(401, { detail: messages.tokenInvalid }), json(200, {}));
    const request = client.apiRequest('/api/users/current/');
    localStorage.setItem('metocean.session', JSON.stringify(otherTab));
    await request;
    expect(header(calls[1], 'Authorization')).toBe(`Bearer ${otherTab.accessToken}`);
    expect(sessionModule.session.notice()).toBeNull();
  });

  it('logs out with the unauthorised-page message on 403, unless the caller handles it', async () => {
    sessionModule.session.start({ accessToken: jwt(900), refreshToken: 'r1' });
    script(json(403, { detail: messages.permissionDenied }));
    await expect(client.apiRequest('/api/users/', { forbidden: 'throw' })).rejects.toMatchObject({
      status: 403,
    });
    expect(sessionModule.session.tokens()).not.toBeNull();

    script(json(403, { detail: messages.permissionDenied }));
    await expect(client.apiRequest('/api/users/')).rejects.toMatchObject({ status: 403 });
    expect(sessionModule.session.tokens()).toBeNull();
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
