// Access tokens signed and checked with the HMAC key imported once per secret (issue 34): the same tokens as
// with the raw secret, and a token of another secret, a changed payload or a past expiry still refused.
import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify, type CryptoKey } from 'jose';
import { signingKey, verifyAccessToken } from '../../src/services/tokens';
import type { Services } from '../../src/services/context';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-characters-long');
const other = new TextEncoder().encode('another-secret-of-at-least-32-characters-long');
const services = { config: { jwtSecret: secret } } as unknown as Services;

const tokenOf = (key: Uint8Array | CryptoKey, claims: Record<string, unknown> = {}, expires = '900s') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('7')
    .setExpirationTime(expires)
    .sign(key);

describe('the access token key', () => {
  it('is imported once per secret', async () => {
    expect(signingKey(secret)).toBe(signingKey(secret));
    expect(await signingKey(secret)).not.toBe(await signingKey(other));
  });

  it('signs what the raw secret verifies, and verifies what the raw secret signs', async () => {
    await expect(jwtVerify(await tokenOf(await signingKey(secret)), secret)).resolves.toBeDefined();
    await expect(verifyAccessToken(services, await tokenOf(secret, { imp: 3 }))).resolves.toEqual({
      userId: 7,
      impersonatorId: 3,
    });
  });

  it('refuses a token of another secret, a changed payload and an expired token', async () => {
    const invalid = { statusCode: 401, body: { code: 'token_invalid' } };
    await expect(verifyAccessToken(services, await tokenOf(other))).rejects.toMatchObject(invalid);
    const [header, , signature] = (await tokenOf(secret)).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', exp: 9_999_999_999 })).toString('base64url');
    const changed = `${header}.${forged}.${signature}`;
    await expect(verifyAccessToken(services, changed)).rejects.toMatchObject(invalid);
    await expect(verifyAccessToken(services, await tokenOf(secret, {}, '-1s'))).rejects.toMatchObject({
      statusCode: 401,
      body: { code: 'token_expired' },
    });
  });
});
