import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TokenPair } from '@metocean/contracts';
import { DEMO_PASSWORD, linkIn, startTestServer, type TestServer } from '../harness';

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
    const activated = await server.request('POST', '/api-auth/registration/activate/', {
      body: { verificationKey: key },
    });
    expect(activated.status).toBe(200);
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

describe('rate limiting', () => {
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
