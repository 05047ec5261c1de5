import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages, type TokenGrant, type TokenPair } from '@metocean/contracts';
import { DEMO_PASSWORD, linkIn, startTestServer, type Answer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ACCESS_TOKEN_SECONDS: '2' });
});
afterAll(() => server.stop());

describe('POST /api-auth/token/', () => {
  it('signs in with a username or an e-mail address', async () => {
    const byName = await server.request<TokenPair>('POST', '/api-auth/token/', {
      body: { username: 'member', password: DEMO_PASSWORD },
    });
    expect(byName.status).toBe(200);
    expect(byName.body.accessToken.split('.')).toHaveLength(3);
    expect(byName.body.refreshToken.length).toBeGreaterThan(30);
    const byEmail = await server.request('POST', '/api-auth/token/', {
      body: { username: 'MEMBER@demo-offshore-ltd.example.com', password: DEMO_PASSWORD },
    });
    expect(byEmail.status).toBe(200);
  });

  it('refuses a wrong password with the spec message', async () => {
    const answer = await server.request('POST', '/api-auth/token/', {
      body: { username: 'member', password: 'nope' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ nonFieldErrors: [messages.loginFailed] });
  });

  it('answers the same for an unknown user', async () => {
    const answer = await server.request('POST', '/api-auth/token/', {
      body: { username: 'ghost', password: 'nope' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ nonFieldErrors: [messages.loginFailed] });
  });

  it('names a missing field', async () => {
    const answer = await server.request('POST', '/api-auth/token/', { body: { username: 'member' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ fieldErrors: { password: [messages.required] } });
  });

  it('locks an account briefly after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await server.request('POST', '/api-auth/token/', { body: { username: 'standard', password: 'x' } }))
          .status,
      ).toBe(400);
    const locked = await server.request('POST', '/api-auth/token/', {
      body: { username: 'standard', password: DEMO_PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ detail: messages.accountLocked, code: 'locked' });
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and revokes the family when an old one is replayed', async () => {
    const first = await server.login('demo');
    const second = await server.request<TokenPair>('POST', '/api-auth/token/refresh/', {
      body: { refreshToken: first.refreshToken },
    });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    const replay = await server.request('POST', '/api-auth/token/refresh/', {
      body: { refreshToken: first.refreshToken },
    });
    expect(replay.status).toBe(401);
    // The replay is a theft signal: the token issued by the rotation dies with it.
    const stolen = await server.request('POST', '/api-auth/token/refresh/', {
      body: { refreshToken: second.body.refreshToken },
    });
    expect(stolen.status).toBe(401);
  });

  it('logs out by revoking the refresh token', async () => {
    const tokens = await server.login('demo');
    expect(
      (await server.request('POST', '/api-auth/logout/', { body: { refreshToken: tokens.refreshToken } }))
        .status,
    ).toBe(204);
    const after = await server.request('POST', '/api-auth/token/refresh/', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(after.status).toBe(401);
  });

  it('tells an expired access token apart from an invalid one', async () => {
    const tokens = await server.login('demo');
    expect((await server.request('GET', '/api/users/current/', { token: tokens.accessToken })).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const expired = await server.request('GET', '/api/users/current/', { token: tokens.accessToken });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ detail: messages.tokenExpired, code: 'token_expired' });
    const forged = await server.request('GET', '/api/users/current/', {
      token: `${tokens.accessToken.slice(0, -4)}AAAA`,
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'token_invalid' });
    const none = await server.request('GET', '/api/users/current/');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ detail: messages.notAuthenticated });
  });
});

describe('the refresh token cookie of the web app (issue 23)', () => {
  const asBrowser = { [limits.tokenTransportHeader]: 'cookie' };

  /** The refresh cookie an answer sets: its value and its attributes, lower-cased. */
  function refreshCookie(answer: Answer<unknown>): { value: string; attributes: string[] } | undefined {
    const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('metocean_refresh='));
    if (!line) return undefined;
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    return {
      value: pair.slice('metocean_refresh='.length),
      attributes: attributes.map((a) => a.toLowerCase()),
    };
  }

  async function browserLogin(username: string) {
    const answer = await server.request<TokenGrant>('POST', '/api-auth/token/', {
      body: { username, password: DEMO_PASSWORD },
      headers: asBrowser,
    });
    expect(answer.status).toBe(200);
    const cookie = refreshCookie(answer);
    if (!cookie) throw new Error('no refresh cookie');
    return { answer, cookie: cookie.value };
  }

  const withCookie = (value: string) => ({ ...asBrowser, cookie: `metocean_refresh=${value}` });

  it('signs the browser in with an HttpOnly, SameSite=Strict cookie scoped to /api-auth/, not in the body', async () => {
    const { answer } = await browserLogin('demo');
    expect(Object.keys(answer.body)).toEqual(['accessToken']);
    const cookie = refreshCookie(answer);
    expect(cookie?.value.length).toBeGreaterThan(30);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining([
        'httponly',
        'samesite=strict',
        'path=/api-auth/',
        `max-age=${limits.refreshTokenDays * 86_400}`,
      ]),
    );
    // Plain http without an https PUBLIC_URL: a Secure cookie would never come back.
    expect(cookie?.attributes).not.toContain('secure');
  });

  it('keeps the pair in the body and sets no cookie for API clients', async () => {
    const answer = await server.request<TokenPair>('POST', '/api-auth/token/', {
      body: { username: 'demo', password: DEMO_PASSWORD },
    });
    expect(answer.body.refreshToken.length).toBeGreaterThan(30);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('rotates the cookie on refresh, and a replayed cookie ends the family and is cleared', async () => {
    const { cookie: first } = await browserLogin('demo');
    const renewed = await server.request<TokenGrant>('POST', '/api-auth/token/refresh/', {
      body: {},
      headers: withCookie(first),
    });
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body)).toEqual(['accessToken']);
    const second = refreshCookie(renewed)?.value;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const me = await server.request('GET', '/api/users/current/', { token: renewed.body.accessToken });
    expect(me.body).toMatchObject({ username: 'demo' });

    const replay = await server.request('POST', '/api-auth/token/refresh/', {
      body: {},
      headers: withCookie(first),
    });
    expect(replay.status).toBe(401);
    expect(refreshCookie(replay)).toMatchObject({ value: '' });
    expect(refreshCookie(replay)?.attributes).toContain('path=/api-auth/');
    const afterTheft = await server.request('POST', '/api-auth/token/refresh/', {
      body: {},
      headers: withCookie(second ?? ''),
    });
    expect(afterTheft.status).toBe(401);
  });

  it('answers 401 to a refresh with neither a body token nor a cookie', async () => {
    const answer = await server.request('POST', '/api-auth/token/refresh/', { body: {}, headers: asBrowser });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ detail: messages.notAuthenticated });
  });

  it('refuses a refresh or a logout that is not JSON (what a cross-site form sends)', async () => {
    const { cookie } = await browserLogin('demo');
    for (const path of ['/api-auth/token/refresh/', '/api-auth/logout/']) {
      for (const [type, body] of [
        ['text/plain', '{}'],
        ['application/x-www-form-urlencoded', 'a=b'],
        ['multipart/form-data; boundary=x', '--x--'],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': type, cookie: `metocean_refresh=${cookie}` },
          body,
        });
        expect(response.status, `${path} ${type}`).toBe(415);
        expect(await response.json()).toEqual({ detail: messages.jsonRequired });
      }
    }
    // The cookie is still good.
    const renewed = await server.request('POST', '/api-auth/token/refresh/', {
      body: {},
      headers: withCookie(cookie),
    });
    expect(renewed.status).toBe(200);
  });

  it("logs the browser out: revokes the cookie's family and clears the cookie", async () => {
    const { cookie } = await browserLogin('demo');
    const out = await server.request('POST', '/api-auth/logout/', { body: {}, headers: withCookie(cookie) });
    expect(out.status).toBe(204);
    const cleared = refreshCookie(out);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes).toEqual(
      expect.arrayContaining(['path=/api-auth/', 'httponly', 'samesite=strict']),
    );
    expect(cleared?.attributes.some((a) => a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
    const after = await server.request('POST', '/api-auth/token/refresh/', {
      body: {},
      headers: withCookie(cookie),
    });
    expect(after.status).toBe(401);
  });

  it('moves the cookie to the impersonated session and back, revoking the one it replaces', async () => {
    const member = await server.login('member');
    const memberId = (
      await server.request<{ id: number }>('GET', '/api/users/current/', { token: member.accessToken })
    ).body.id;
    const { answer: signedIn, cookie: adminCookie } = await browserLogin('admin');
    const started = await server.request<TokenGrant>('POST', '/api-auth/impersonate/', {
      body: { userId: memberId },
      token: signedIn.body.accessToken,
      headers: withCookie(adminCookie),
    });
    expect(started.status).toBe(200);
    expect(Object.keys(started.body)).toEqual(['accessToken']);
    const actingCookie = refreshCookie(started)?.value ?? '';
    expect(actingCookie).not.toBe(adminCookie);
    // A reload during the impersonation renews it from the cookie.
    const renewed = await server.request<TokenGrant>('POST', '/api-auth/token/refresh/', {
      body: {},
      headers: withCookie(actingCookie),
    });
    expect(renewed.status).toBe(200);
    const acting = await server.request('GET', '/api/users/current/', { token: renewed.body.accessToken });
    expect(acting.body).toMatchObject({ username: 'member', impersonator: { username: 'admin' } });
    const impersonationCookie = refreshCookie(renewed)?.value ?? '';
    expect(
      (
        await server.request('POST', '/api-auth/token/refresh/', {
          body: {},
          headers: withCookie(adminCookie),
        })
      ).status,
    ).toBe(401);

    const stopped = await server.request<TokenGrant>('POST', '/api-auth/impersonate/stop/', {
      token: renewed.body.accessToken,
      headers: withCookie(impersonationCookie),
    });
    expect(stopped.status).toBe(200);
    const backCookie = refreshCookie(stopped)?.value ?? '';
    const back = await server.request<TokenGrant>('POST', '/api-auth/token/refresh/', {
      body: {},
      headers: withCookie(backCookie),
    });
    const admin = await server.request('GET', '/api/users/current/', { token: back.body.accessToken });
    expect(admin.body).toMatchObject({ username: 'admin', impersonator: null });
    expect(
      (
        await server.request('POST', '/api-auth/token/refresh/', {
          body: {},
          headers: withCookie(impersonationCookie),
        })
      ).status,
    ).toBe(401);
  });
});

describe('sign-up and activation', () => {
  const person = {
    username: 'jdoe',
    email: 'jane.doe@wave.example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    password: 'Tidal-Range-42',
    passwordConfirm: 'Tidal-Range-42',
  };

  it.each([
    ['Sh0rt', messages.passwordTooShort],
    ['lowercase-only-9', messages.passwordNoUpper],
    ['No-Digits-Here', messages.passwordNoDigit],
    ['Jane.Doe@wave.ex1', messages.passwordTooSimilar],
    ['Password1', messages.passwordTooCommon],
  ])('refuses the password %s', async (password, message) => {
    const answer = await server.request<{ fieldErrors: Record<string, string[]> }>(
      'POST',
      '/api-auth/registration/',
      {
        body: { ...person, password, passwordConfirm: password },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors.password).toContain(message);
  });

  it('refuses a confirmation that does not match and a malformed e-mail', async () => {
    const mismatch = await server.request('POST', '/api-auth/registration/', {
      body: { ...person, passwordConfirm: 'Tidal-Range-43' },
    });
    expect(mismatch.body).toEqual({ fieldErrors: { passwordConfirm: [messages.passwordMismatch] } });
    const badMail = await server.request('POST', '/api-auth/registration/', {
      body: { ...person, email: 'jane@' },
    });
    expect(badMail.body).toEqual({ fieldErrors: { email: [messages.incorrectEmail] } });
  });

  it('refuses a taken username or e-mail', async () => {
    const answer = await server.request('POST', '/api-auth/registration/', {
      body: { ...person, username: 'member', email: 'manager@demo-offshore-ltd.example.com' },
    });
    expect(answer.body).toEqual({
      fieldErrors: { username: [messages.usernameTaken], email: [messages.emailTaken] },
    });
  });

  it('creates an inactive account, mails the link, and activates it once', async () => {
    const created = await server.request('POST', '/api-auth/registration/', { body: person });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ detail: messages.registrationDone });

    const early = await server.request('POST', '/api-auth/token/', {
      body: { username: 'jdoe', password: person.password },
    });
    expect(early.body).toEqual({ nonFieldErrors: [messages.inactiveAccount] });
    const pending = await server.request('POST', '/api-auth/registration/pending/', {
      body: { email: person.email },
    });
    expect(pending.body).toEqual({ pending: true });

    const key = linkIn(await server.waitForMail(person.email), '/registration/activate').searchParams.get(
      'key',
    );
    const activated = await server.request<{ detail: string; accessToken: string; refreshToken: string }>(
      'POST',
      '/api-auth/registration/activate/',
      { body: { verificationKey: key } },
    );
    expect(activated.status).toBe(200);
    expect(activated.body.detail).toBe(messages.activationDone);
    // Issue 35: the link signs the person in; the access token it gives reads their own account.
    const signedIn = await server.request<{ username: string }>('GET', '/api/users/current/', {
      token: activated.body.accessToken,
    });
    expect(signedIn.body.username).toBe('jdoe');
    expect(activated.body.refreshToken).toEqual(expect.any(String));
    const again = await server.request('POST', '/api-auth/registration/activate/', {
      body: { verificationKey: key },
    });
    expect(again.body).toEqual({ fieldErrors: { verificationKey: [messages.invalidVerificationKey] } });

    const tokens = await server.login('jdoe', person.password);
    const me = await server.request<{ role: string; accounts: { pack: { name: string } | null }[] }>(
      'GET',
      '/api/users/current/',
      {
        token: tokens.accessToken,
      },
    );
    // A self-registered user manages a new account on the Free Trial offer.
    expect(me.body.role).toBe('manager');
    expect(me.body.accounts[0]?.pack?.name).toBe('Free Trial');
    expect(
      (await server.request('POST', '/api-auth/registration/pending/', { body: { email: person.email } }))
        .body,
    ).toEqual({
      pending: false,
    });
  });

  it('refuses an unknown verification key', async () => {
    const answer = await server.request('POST', '/api-auth/registration/activate/', {
      body: { verificationKey: 'made-up' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ fieldErrors: { verificationKey: [messages.invalidVerificationKey] } });
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const before = server.mailCount();
    const answer = await server.request('POST', '/api-auth/reset-password/', {
      body: { email: 'nobody@nowhere.example.com' },
    });
    expect(answer.body).toEqual({ detail: messages.resetSent });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.mailCount()).toBe(before);
  });

  it('resets through the mailed link once, and ends open sessions', async () => {
    const email = 'expired@expired-shipping.example.com';
    const session = await server.login('expired');
    const before = server.mailCount();
    expect((await server.request('POST', '/api-auth/reset-password/', { body: { email } })).status).toBe(200);
    const token = linkIn(
      await server.waitForMail(email, before),
      '/accounts/password/reset/confirm',
    ).searchParams.get('token');

    const weak = await server.request('POST', '/api-auth/reset-password/confirm/', {
      body: { token, password: 'weak', passwordConfirm: 'weak' },
    });
    expect(weak.status).toBe(400);
    const done = await server.request('POST', '/api-auth/reset-password/confirm/', {
      body: { token, password: 'Storm-Surge-77', passwordConfirm: 'Storm-Surge-77' },
    });
    expect(done.body).toEqual({ detail: messages.passwordChanged });

    expect(
      (
        await server.request('POST', '/api-auth/token/', {
          body: { username: 'expired', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(400);
    await server.login('expired', 'Storm-Surge-77');
    const reused = await server.request('POST', '/api-auth/reset-password/confirm/', {
      body: { token, password: 'Storm-Surge-78', passwordConfirm: 'Storm-Surge-78' },
    });
    expect(reused.body).toEqual({ fieldErrors: { token: [messages.invalidResetToken] } });
    const oldSession = await server.request('POST', '/api-auth/token/refresh/', {
      body: { refreshToken: session.refreshToken },
    });
    expect(oldSession.status).toBe(401);
  });
});

// These tests start a server of their own (migrations and seed): under load that alone can take half a
// minute, so they get more than the suite's 30 s.
describe('the refresh cookie over https', { timeout: 120_000 }, () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    // the seeded demo's e-mail links are not read here: the suite's seeded database will do
    const https = await startTestServer({ PUBLIC_URL: 'https://metocean.example.com' }, { anySeed: true });
    try {
      const answer = await https.request('POST', '/api-auth/token/', {
        body: { username: 'demo', password: DEMO_PASSWORD },
        headers: { [limits.tokenTransportHeader]: 'cookie' },
      });
      expect(answer.status).toBe(200);
      const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('metocean_refresh='));
      expect(line?.split(';').map((part) => part.trim().toLowerCase())).toContain('secure');
    } finally {
      await https.stop();
    }
  });
});

describe('rate limiting', { timeout: 120_000 }, () => {
  it('limits sign-in attempts per address', async () => {
    const strict = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await strict.request('POST', '/api-auth/token/', {
              body: { username: `nobody${i}`, password: 'x' },
            })
          ).status,
        );
      expect(statuses).toEqual([400, 400, 400, 429]);
      const last = await strict.request('POST', '/api-auth/token/', {
        body: { username: 'member', password: DEMO_PASSWORD },
      });
      expect(last.body).toMatchObject({ code: 'rate_limited' });
    } finally {
      await strict.stop();
    }
  });
});
