// Shared set-up of the browser tests: the real server (built beforehand by the test command) on a free
// port with a fresh data folder, and Debian's headless Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { APP_VERSION } from '@metocean/contracts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const artifactsDir = join(root, 'e2e', 'artifacts');
// Debian's chromium-headless-shell: the same Chromium (same package version as `chromium`) without the
// browser's shell, which draws nothing in headless mode anyway. Measured on the whole suite: 582 against
// 814 CPU s of Chromium's processes, 924 against 1,060 s (docs/decisions.md, sessions 41–42).
const chromiumPath = '/usr/bin/chromium-headless-shell';
/** Debian's full Chromium: what the web benchmarks drive, the browser a user has. */
export const userChromium = '/usr/bin/chromium';

/** The demo users' password in every browser test. */
export const demoPassword = 'E2e-Demo-Passw0rd';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output: () => string;
  /** The server process's id (the bench reads its CPU time in /proc). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

const serverMain = join(root, 'apps', 'server', 'dist', 'main.js');

/** The settings of every test server, before its own (`env`). */
function serverSettings(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEMO_PASSWORD: demoPassword,
    DATABASE_URL: '',
    SMTP_URL: '',
    ...env,
  };
}

function assertBuilt(): void {
  const webIndex = join(root, 'apps', 'web', 'dist', 'index.html');
  for (const built of [serverMain, webIndex]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
}

// The demo data every test server starts from, seeded once per run of the suite by e2e/seeded-template.ts
// (vitest's globalSetup) instead of once per server: initdb, migrations and the demo seeding cost ~11 s of CPU
// per start, a copy of the seeded folder ~0.2 s. Each server still has a data folder (and database) of its
// own, so the files stay independent of each other and of their order.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded DATA_DIR that a server given MAP_SETTINGS copies. */
    e2eSeededDataDir: string;
    /** The seeded DATA_DIR with the maps of MAP_ZONES drawn, that every other server copies. */
    e2eSeededMapsDataDir: string;
  }
}

/**
 * Settings that change what seeding writes (the demo password, where data goes, the memory of the seeded
 * plannings' simulations, the links of their e-mails): a server given one of them seeds itself.
 */
const SEED_SETTINGS = ['DEMO_PASSWORD', 'DATA_DIR', 'DATABASE_URL', 'PLANNING_MEMORY_MB', 'PUBLIC_URL'];

/** Seeds a DATA_DIR with the built server's `--seed-only` (the demo users, projects, datasets, plannings). */
export async function seedDataDir(): Promise<string> {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'metocean-e2e-seeded-'));
  const child = spawn(process.execPath, [serverMain, '--seed-only'], {
    cwd: root,
    env: serverSettings(dataDir, {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`Seeding the test data failed (exit ${code}):\n${log}`);
  }
  return dataDir;
}

/**
 * The zones whose maps the suite's template has drawn: those a browser test's screens ask for. The Query tab
 * asks for its zone's maps, and a zone never drawn is drawn then, ~0.6 CPU s a node on the statistics
 * threads: projects.test.ts drew 43 of the demo zone's 87 nodes before its server stopped.
 */
export const MAP_ZONES = ['Bay of Biscay', 'Southern North Sea'];

/** Settings that change how maps are drawn: a server given one starts from the template without maps. */
const MAP_SETTINGS = ['STAT2D_MAX_NODES'];

/** The suite's seeded DATA_DIR; undefined outside a run with the globalSetup, or for `env` that changes seeding. */
function seededDataDirFor(env: Record<string, string>): string | undefined {
  if (SEED_SETTINGS.some((name) => name in env)) return undefined;
  try {
    return MAP_SETTINGS.some((name) => name in env)
      ? inject('e2eSeededDataDir')
      : inject('e2eSeededMapsDataDir');
  } catch {
    return undefined;
  }
}

/**
 * Starts `node apps/server/dist/main.js` with a fresh DATA_DIR (a copy of the suite's seeded one when there
 * is one; `env` on top of the usual settings) and waits for /api/health.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'metocean-e2e-data-'));
  const seeded = seededDataDirFor(env);
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const server = await serveDataDir(dataDir, env).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the built server on `dataDir` (kept when it stops) and waits for /api/health. */
export async function serveDataDir(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  assertBuilt();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let log = '';
  // a seeded DATA_DIR is not seeded again: the server's first start ('auto') seeds only an empty one
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: serverSettings(dataDir, { PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  try {
    await waitForHealth(url, child, output, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    dataDir,
    output,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** The window of every browser test: the size of the screenshots we look at. */
export const screenSize = { width: 1440, height: 900 };

/**
 * A fresh Chromium profile (so localStorage starts empty) with one page at `screenSize`: the headless shell
 * for the tests, `userChromium` for the benchmarks.
 */
export async function launchBrowser(executablePath = chromiumPath): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `${executablePath} is missing: apt-get install ${executablePath === userChromium ? 'chromium' : 'chromium-headless-shell'}.`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'metocean-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: screenSize,
    // as a user whose system asks for reduced motion (app/motion.ts): the same pages, without transitions,
    // spinning or chart entry animations — frames that cost both cores' CPU and that no test looks at
    reducedMotion: 'reduce',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface Harness {
  server: RunningServer;
  browser: Browser;
  page: Page;
}

export interface HarnessOptions {
  /** Settings of the server on top of the usual ones (e.g. STAT2D_MAX_NODES). */
  serverEnv?: Record<string, string>;
}

/**
 * The set-up of a browser test file: one server and one browser (at `screenSize`) started before its tests,
 * then `prepare` (tokens, projects, computed points), and both closed after. The object is filled in by the
 * `beforeAll`, so read its fields inside hooks and tests.
 */
export function useServerAndBrowser(
  prepare?: (harness: Harness) => Promise<void>,
  options: HarnessOptions = {},
): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    harness.server = await startServer(options.serverEnv);
    harness.browser = await launchBrowser();
    harness.page = harness.browser.page;
    await prepare?.(harness);
  }, 200_000);
  afterAll(async () => {
    await harness.browser?.close();
    await harness.server?.stop();
  });
  return harness;
}

/**
 * Runs `use` in a second, fresh browser (a profile that has seen no release notes nor tour), closed after;
 * on a failure its page is kept as e2e/artifacts/`failureShot`.png.
 */
export async function withFreshBrowser(
  failureShot: string,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const fresh = await launchBrowser();
  try {
    await use(fresh.page);
  } catch (error) {
    await screenshot(fresh.page, failureShot).catch(() => undefined);
    throw error;
  } finally {
    await fresh.close();
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** Waits until the locator shows (the tests' one assertion primitive besides vitest's expect). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' });
  return locator;
}

export async function hidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden' });
}

/** Undoes quoted-printable encoding (soft line breaks and =XX escapes), as mail bodies use it. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The readable text of a message: quoted-printable decoded, every base64 body decoded, then raw. */
export function mailText(eml: string): string {
  const decodedBase64 = [...eml.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((match) => Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${decodeQuotedPrintable(eml)}\n${decodedBase64}\n${eml}`;
}

/** The newest .eml written under DATA_DIR/mail, waiting up to `timeoutMs` for one newer than `after`. */
export async function newestMail(dataDir: string, after = 0, timeoutMs = 15_000): Promise<string> {
  const mailDir = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(mailDir)) {
      const files = readdirSync(mailDir)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => ({ path: join(mailDir, name), time: statSync(join(mailDir, name)).mtimeMs }))
        .filter((file) => file.time > after)
        .sort((a, b) => b.time - a.time || b.path.localeCompare(a.path));
      if (files[0]) return readFileSync(files[0].path, 'utf8');
    }
    if (Date.now() > deadline) throw new Error(`No new e-mail in ${mailDir}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** The path and query of the first link in a mail whose path starts with `pathPrefix`. */
export function linkInMail(eml: string, pathPrefix: string): string {
  const text = mailText(eml).replace(/&amp;/g, '&');
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>()]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`No link to ${pathPrefix} in the e-mail:\n${eml}`);
}

/** Signs in through the login page, first dropping any session this browser still holds. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  // /load is the bare loader: a page of the app that never redirects, to reach its localStorage. The session
  // is the refresh cookie (HttpOnly) plus the sign-in mark that tells the app to renew with it.
  await page.goto(`${baseUrl}/load`);
  await page.evaluate("localStorage.removeItem('metocean.signedIn')");
  await page.context().clearCookies();
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // CSS, not role: the release-notes dialog may hide the shell from the accessibility tree.
  await visible(page.locator('nav[aria-label="Main"]'));
}

/**
 * Signs in with the demo password, the release notes of this version marked as seen beforehand (as their Ok
 * button does), so that they never cover the page: waiting for them to show was a race under load. Tests that
 * check the release notes themselves sign in with `signIn`.
 */
export async function signInFresh(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/load`);
  await page.evaluate(`localStorage.setItem('metocean.lastSeenVersion', ${JSON.stringify(APP_VERSION)})`);
  await signIn(page, baseUrl, username, demoPassword);
}

/** A demo user's access token, for setting up data over the API. */
export async function apiToken(baseUrl: string, username: string, password = demoPassword): Promise<string> {
  const response = await fetch(`${baseUrl}/api-auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-App-Version': APP_VERSION },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** One API call with a token; throws with the answer's text unless 2xx. */
export async function apiCall<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'X-App-Version': APP_VERSION,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface OfferSummary {
  id: number;
  name: string;
  zones: { id: number; name: string }[];
}

/** The account's offer named `offerName` (or, without a name, the first holding the zone) and the zone's id. */
export async function offerZone(
  baseUrl: string,
  token: string,
  offerName: string | undefined,
  zoneName: string,
): Promise<{ offer: OfferSummary; zoneId: number }> {
  const offers = await apiCall<OfferSummary[]>(baseUrl, token, 'GET', '/api/offers/');
  const offer = offers.find((o) =>
    offerName === undefined ? o.zones.some((z) => z.name === zoneName) : o.name === offerName,
  );
  const zone = offer?.zones.find((z) => z.name === zoneName);
  if (!offer || !zone) throw new Error(`no offer ${offerName ?? ''} with the zone ${zoneName}`);
  return { offer, zoneId: zone.id };
}

/** Creates a project (with points, if given) over the API; resolves to its id. */
export async function createProject(
  baseUrl: string,
  token: string,
  project: {
    /** The offer's name; absent: the first offer holding the zone. */
    offer?: string;
    zone: string;
    name: string;
    points?: { name: string; lat: number; lng: number }[];
  },
): Promise<number> {
  const { offer, zoneId } = await offerZone(baseUrl, token, project.offer, project.zone);
  const created = await apiCall<{ projectId: number }>(baseUrl, token, 'POST', '/api/projects/', {
    name: project.name,
    offerInstance: offer.id,
    zone: zoneId,
    ...(project.points ? { points: project.points } : {}),
  });
  return created.projectId;
}

/** Clicks the map at an offset (px) from its centre. */
/**
 * The box of `locator` once it has stopped moving for `quietMs` (a map that is still fitting its bounds, a
 * dialog still sliding in). A fixed pause was not enough under load.
 */
export async function settledBox(
  locator: Locator,
  quietMs = 500,
  timeoutMs = 20_000,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const deadline = Date.now() + timeoutMs;
  let last = await locator.boundingBox();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 100));
    const box = await locator.boundingBox();
    if (!box || !last || JSON.stringify(box) !== JSON.stringify(last)) {
      last = box;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return box;
    }
  }
  throw new Error(`${String(locator)} did not stop moving within ${timeoutMs} ms`);
}

export async function clickMap(page: Page, dx = 0, dy = 0): Promise<void> {
  const box = await page.locator('[data-testid="map"] .leaflet-container').boundingBox();
  if (!box) throw new Error('map not visible');
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}
