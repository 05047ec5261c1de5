// The session rules of spec 000 §2.1, §2.2, §4 and §8 in the browser: token renewal, expired credentials,
// unknown paths, expired accounts, the maintenance banner and maintenance mode.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { limits, messages, paths } from '@metocean/contracts';
import type { Page } from 'playwright-core';
import {
  demoPassword,
  hidden,
  launchBrowser,
  screenshot,
  signIn,
  startServer,
  visible,
  type Browser,
  type RunningServer,
} from './harness';

const sessionKey = 'metocean.session';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

// The tests' tsconfig has no DOM types; this is the part of the page's localStorage they use.
interface PageStorage {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

async function readTokens(page: Page): Promise<Tokens> {
  const raw = await page.evaluate(
    (key) => (globalThis as unknown as PageStorage).localStorage.getItem(key),
    sessionKey,
  );
  return JSON.parse(raw ?? '{}') as Tokens;
}

async function writeTokens(page: Page, tokens: Tokens): Promise<void> {
  await page.evaluate(
    ([key, value]) => (globalThis as unknown as PageStorage).localStorage.setItem(key, value),
    [sessionKey, JSON.stringify(tokens)] as const,
  );
}

/** A copy of a JWT whose payload says it expires in `seconds` (the signature no longer matches). */
function withExpiry(jwt: string, seconds: number): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  claims.exp = Math.floor(Date.now() / 1000) + seconds;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('session rules in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The admin's token for API calls made by the test itself (no version header: always served). */
  async function adminToken(): Promise<string> {
    const response = await fetch(`${server.url}${paths.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: demoPassword }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as Tokens).accessToken;
  }

  async function setMaintenance(body: { scheduledAt: string | null; message: string; active: boolean }) {
    const response = await fetch(`${server.url}${paths.maintenance}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  }

  it('renews a token near its end, and sends the user to login once the session cannot be renewed', async () => {
    const { page } = browser;
    onTestFailed(() => screenshot(page, 'failure-session-renewal'));
    await signIn(page, server.url, 'manager', demoPassword);
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();

    // 60 s of validity left (< 120 s): the app renews before its next call and stores the rotated pair.
    const stored = await readTokens(page);
    const nearlyExpired = { ...stored, accessToken: withExpiry(stored.accessToken, 60) };
    await writeTokens(page, nearlyExpired);
    await page.goto(`${server.url}/profile`);
    await visible(page.getByRole('heading', { name: 'My profile' }));
    const renewed = await readTokens(page);
    expect(renewed.refreshToken).not.toBe(stored.refreshToken);
    expect(renewed.accessToken).not.toBe(nearlyExpired.accessToken);

    // A revoked refresh token: back to login with the spec's message, then the original page after login.
    const revoked = { accessToken: withExpiry(renewed.accessToken, 30), refreshToken: stored.refreshToken };
    await writeTokens(page, revoked);
    await page.goto(`${server.url}/plans`);
    await page.waitForURL('**/login');
    await visible(page.getByText(messages.credentialsExpired));
    await screenshot(page, '20-credentials-expired');
    await page.locator('input[name="username"]').fill('manager');
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/plans');
    await visible(page.getByRole('heading', { name: 'My plans' }));
  });

  it('sends unknown paths home and an expired account to its plans', async () => {
    const { page } = browser;
    onTestFailed(() => screenshot(page, 'failure-session-paths'));
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(`${server.url}/`);
    await visible(page.getByRole('heading', { name: 'My projects' }));

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await signIn(page, server.url, 'expired', demoPassword);
    for (const path of ['/', '/profile', '/changelog', '/help/faq']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL('**/plans');
    }
    await visible(page.getByText(messages.offerExpired, { exact: false }));
    await screenshot(page, '21-expired-plans');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
  });

  it('logs out a user who opens a page they are not allowed to see', async () => {
    const { page } = browser;
    onTestFailed(() => screenshot(page, 'failure-session-unauthorised'));
    await signIn(page, server.url, 'member', demoPassword);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL('**/login');
    await visible(page.getByText(messages.unauthorizedPage));
  });

  it('logs out after a long inactivity with the spec message', async () => {
    const { page } = browser;
    onTestFailed(() => screenshot(page, 'failure-session-inactivity'));
    await signIn(page, server.url, 'manager', demoPassword);
    const longAgo = String(Date.now() - (limits.inactivityLogoutMinutes + 1) * 60_000);
    await page.evaluate(
      ([key, value]) => (globalThis as unknown as PageStorage).localStorage.setItem(key, value),
      ['metocean.lastActivity', longAgo] as const,
    );
    await page.reload();
    await page.waitForURL('**/login');
    await visible(page.getByText(messages.inactivityLogout));
    await screenshot(page, '24-inactivity');
    // Regression: the old idle time once logged the next sign-in out at once.
    await signIn(page, server.url, 'manager', demoPassword);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows a scheduled maintenance until dismissed, and reloads during maintenance mode', async () => {
    const { page } = browser;
    onTestFailed(() => screenshot(page, 'failure-session-maintenance'));
    await setMaintenance({
      scheduledAt: '2030-06-01T22:00:00.000Z',
      message: 'Database upgrade.',
      active: false,
    });
    await signIn(page, server.url, 'member', demoPassword);
    const banner = await visible(page.getByTestId('maintenance-banner'));
    expect(await banner.textContent()).toContain('Database upgrade.');
    await screenshot(page, '22-maintenance-banner');
    await banner.getByRole('button', { name: 'Close' }).click();
    await hidden(page.getByTestId('maintenance-banner'));
    await page.reload();
    await visible(page.locator('nav[aria-label="Main"]'));
    expect(await page.getByTestId('maintenance-banner').count()).toBe(0);

    // Maintenance mode: web calls get 426 'maintenance' and the page announces a reload.
    await setMaintenance({ scheduledAt: null, message: '', active: true });
    await page.goto(`${server.url}/profile`);
    await visible(page.getByText('A maintenance is in progress', { exact: false }));
    await screenshot(page, '23-maintenance-mode');
    await setMaintenance({ scheduledAt: null, message: '', active: false });
  });
});
