import type { ZodType } from 'zod';
import { APP_VERSION, errorCodes, limits, messages, paths, type ErrorBody } from '@metocean/contracts';
import { appStatus } from './appStatus';
import { secondsLeft } from './jwt';
import { lazySchema, LazySchema } from './lazy-schema';
import { session, signedInKey } from './session';

/** An API answer other than 2xx, with its normalised body (spec 000 §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(firstMessage(body) ?? messages.generic);
    this.name = 'ApiError';
  }
}

/** The message to show for a body: common errors first, then the first field error. */
export function firstMessage(body: ErrorBody): string | undefined {
  const fieldMessage = Object.values(body.fieldErrors ?? {}).find((list) => list.length > 0)?.[0];
  return body.nonFieldErrors?.[0] ?? body.detail ?? fieldMessage;
}

/** A message for any error a query or mutation may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return messages.generic;
}

/**
 * - `session`: a call of the signed-in app. Sends the bearer token, renews it when 120 s of validity remain,
 *   retries once after renewing on an expired-token 401; any other 401 ends the session, as does a 403
 *   unless `forbidden: 'throw'` (spec 000 §4 Session, §8).
 * - `public`: sign-in, sign-up, activation, reset… These never redirect on error (spec 000 §7).
 * - `quiet`: sends the token when there is one, never ends the session (tracking, notices).
 */
export type CallKind = 'session' | 'public' | 'quiet';

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * The answer's schema. A `LazySchema` is loaded with the answer unless a server of this version vouches
   * for it (`vouchedFor`, issue 34); an eager one (a screen that has zod anyway) always parses.
   */
  schema?: ZodType<T> | LazySchema<T>;
  kind?: CallKind;
  forbidden?: 'logout' | 'throw';
  signal?: AbortSignal;
  /** Extra request headers (e.g. X-Bulk on a bulk delete). */
  headers?: Record<string, string>;
}

function headers(withToken: boolean, hasBody: boolean, extra: Record<string, string> = {}): Headers {
  const result = new Headers({
    Accept: 'application/json',
    [limits.versionHeader]: APP_VERSION,
    // Whatever signs in answers the refresh token as an HttpOnly cookie, never in the body.
    [limits.tokenTransportHeader]: 'cookie',
  });
  if (hasBody) result.set('Content-Type', 'application/json');
  const access = session.accessToken();
  if (withToken && access) result.set('Authorization', `Bearer ${access}`);
  for (const [name, value] of Object.entries(extra)) result.set(name, value);
  return result;
}

const errorBody = lazySchema((schemas) => schemas.errorBody);
export const tokenGrant = lazySchema((schemas) => schemas.tokenGrant);

async function readError(response: Response): Promise<ErrorBody> {
  try {
    const [schema, json] = await Promise.all([errorBody.load(), response.json() as Promise<unknown>]);
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** HTTP 426: maintenance reloads the page after a while, any other means this client is too old. */
function onUpgradeRequired(body: ErrorBody): void {
  if (body.code === errorCodes.maintenance || body.detail === messages.maintenance) {
    appStatus.scheduleMaintenanceReload();
  } else {
    appStatus.requireUpdate();
  }
}

/**
 * Runs `task` while no other tab of this browser runs one: the tabs share the refresh cookie, and two
 * refreshes with the same cookie would look like a replayed token and end the session. Web Locks where the
 * browser has them (every current one, on https and localhost).
 */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request('metocean.refresh', task) : task();
}

let renewal: Promise<boolean> | null = null;

/**
 * Gets a new access token with the refresh cookie (which the server rotates). One renewal at a time;
 * concurrent callers share it. False when the server refused (the session ended).
 */
export function renewTokens(): Promise<boolean> {
  renewal ??= renewOnce(true).finally(() => {
    renewal = null;
  });
  return renewal;
}

async function renewOnce(mayRetry: boolean): Promise<boolean> {
  if (!session.accessToken() && !session.restoring()) return false;
  const mark = session.mark();
  const response = await oneTabAtATime(() =>
    fetch(paths.refresh, { method: 'POST', headers: headers(false, true), body: '{}' }),
  );
  // Signed out meanwhile (here or in another tab): the answer belongs to no session.
  if (session.mark() === null) return false;
  if (response.ok) {
    session.renewed((await tokenGrant.read(response)).accessToken);
    return true;
  }
  const body = await readError(response);
  if (response.status === 426) {
    onUpgradeRequired(body);
    return false;
  }
  // Another tab signed in or switched sessions while this one asked: the cookie is new, ask again.
  if (mayRetry && session.mark() !== mark) return renewOnce(false);
  session.end({ message: messages.credentialsExpired, severity: 'warning' });
  return false;
}

/**
 * Fetches this tab's access token with the refresh cookie: at start-up when the browser has a session, and
 * when another tab signs in or switches sessions. A network failure leaves the tab signed out, the mark
 * kept, so the next reload tries again.
 */
export async function restoreSession(): Promise<void> {
  if (session.mark() === null) return;
  session.beginRestore();
  try {
    // A renewal already under way may have used the cookie this restore follows: let it end, ask anew.
    if (renewal) await renewal.catch(() => undefined);
    await renewTokens();
  } catch {
    session.abandonRestore();
  }
}

/** Follows the other tabs: their sign-out ends this session, their sign-in or switch is fetched here. */
export function followOtherTabs(): void {
  window.addEventListener('storage', (event) => {
    if (event.key !== signedInKey) return;
    if (event.newValue === null) {
      if (session.accessToken() || session.restoring()) session.end();
    } else {
      void restoreSession();
    }
  });
}

/** True when the access token has at most the renewal margin of validity left. */
export function needsRenewal(nowMs = Date.now()): boolean {
  const access = session.accessToken();
  return access !== null && secondsLeft(access, nowMs) <= limits.tokenRenewalSeconds;
}

export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const kind = options.kind ?? 'session';
  const withToken = kind !== 'public';
  if (kind === 'session' && needsRenewal()) await renewTokens();

  const send = () =>
    fetch(path, {
      method: options.method ?? 'GET',
      // FormData (file uploads) carries its own multipart content type.
      headers: headers(
        withToken,
        options.body !== undefined && !(options.body instanceof FormData),
        options.headers,
      ),
      body:
        options.body === undefined
          ? null
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });

  let response = await send();
  let body: ErrorBody | undefined;

  if (response.status === 401 && kind === 'session') {
    body = await readError(response);
    if (body.code === errorCodes.tokenExpired && session.accessToken() && (await renewTokens())) {
      response = await send();
      body = undefined;
    }
    if (response.status === 401) {
      body ??= await readError(response);
      session.end({ message: messages.credentialsExpired, severity: 'warning' });
      throw new ApiError(401, body);
    }
  }

  if (!response.ok) {
    body ??= await readError(response);
    if (response.status === 426) onUpgradeRequired(body);
    if (response.status === 403 && kind === 'session' && options.forbidden !== 'throw') {
      session.end({ message: messages.unauthorizedPage, severity: 'error' });
    }
    throw new ApiError(response.status, body);
  }

  const schema = options.schema;
  if (response.status === 204 || !schema) return undefined as T;
  if (schema instanceof LazySchema) return schema.read(response);
  return schema.parse(await response.json());
}

/** Ends the session locally and on the server (revokes the cookie's refresh token and clears it). */
export async function logout(reason?: Parameters<typeof session.end>[0]): Promise<void> {
  session.end(reason);
  try {
    await apiRequest(paths.logout, { method: 'POST', body: {}, kind: 'public' });
  } catch {
    // The local session is gone either way; an unrevoked refresh token expires on its own.
  }
}
